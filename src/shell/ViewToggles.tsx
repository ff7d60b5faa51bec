/** Which panels are open; part of the share link. */
import { VIEW_NAMES } from '../../sim-core/index';
import { actions, useApp } from '../state/store';
import { viewRegistry } from '../views/registry';

export function ViewToggles() {
  const views = useApp((s) => s.views);
  return (
    <fieldset className="view-toggles">
      <legend>Panels</legend>
      {VIEW_NAMES.map((name) => (
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
