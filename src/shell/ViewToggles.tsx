/** Which panels are open; part of the share link. */
import { faceOf } from '../../sim-core/index';
import { actions, useApp } from '../state/store';
import { viewEntry } from '../views/registry';
import { hiddenPanels, useAssignment } from '../teaching/assignment-store';

export function ViewToggles() {
  const views = useApp((s) => s.views);
  const model = useApp((s) => s.meta?.model ?? null);
  const hidden = useAssignment(hiddenPanels);
  if (!model) return null;
  return (
    <fieldset className="view-toggles">
      <legend>Panels</legend>
      {faceOf(model)
        .views.filter((name) => !hidden.includes(name))
        .map((name) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={views.includes(name)}
              onChange={() => actions.toggleView(name)}
            />{' '}
            {viewEntry(name).title}
          </label>
        ))}
    </fieldset>
  );
}
