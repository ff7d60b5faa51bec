/** Which panels are open; part of the share link. */
import { VIEW_NAMES } from '../../sim-core/index';
import { actions, useApp } from '../state/store';
import { viewRegistry } from '../views/registry';
import { hiddenPanels, useAssignment } from '../teaching/assignment-store';

export function ViewToggles() {
  const views = useApp((s) => s.views);
  const model = useApp((s) => s.meta?.model ?? 'bus');
  const hidden = useAssignment(hiddenPanels);
  return (
    <fieldset className="view-toggles">
      <legend>Panels</legend>
      {VIEW_NAMES.filter(
        (name) =>
          (viewRegistry[name].models as readonly string[]).includes(model) &&
          !hidden.includes(name),
      ).map((name) => (
        <label key={name}>
          <input
            type="checkbox"
            checked={views.includes(name)}
            onChange={() => actions.toggleView(name)}
          />{' '}
          {viewRegistry[name].title}
        </label>
      ))}
    </fieldset>
  );
}
