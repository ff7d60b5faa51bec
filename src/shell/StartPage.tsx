/**
 * The start page (`#start`, or "Scenarios…" in the header): every built-in lecture scenario by
 * topic, with its summary and learning goals (teaching text, rendered by SafeText), and a filter
 * over titles, summaries and goals. Each title is a link to the scenario's share link, so it opens
 * with a click or Enter, in this tab or a new one.
 */
import { useState } from 'react';
import { SCENARIO_CATALOGUE } from 'virtual:ni-lab/catalogue';
import { filterCatalogue, groupByTopic } from '../lecture/catalogue';
import { lecture } from '../lecture/lecture-store';
import { actions, useApp } from '../state/store';
import { SafeText } from './SafeText';
import '../lecture/lecture.css';

export function StartPage() {
  const [query, setQuery] = useState('');
  const entries = SCENARIO_CATALOGUE;
  const loaded = useApp((s) => s.scenario?.title ?? null);
  const shown = filterCatalogue(entries, query);
  const groups = groupByTopic(shown);
  return (
    <div className="start-page" data-testid="start-page">
      <header className="app-header">
        <h1>
          NI&nbsp;Lab <span className="tagline">lecture scenarios</span>
        </h1>
        <div className="header-actions">
          {loaded !== null ? (
            <button onClick={() => lecture.closeStart()} data-testid="start-back">
              Back to “{loaded}”
            </button>
          ) : null}
          <button
            onClick={() => actions.setHelp(true)}
            aria-label="Keyboard shortcuts and help"
            title="Help (?)"
          >
            ?
          </button>
        </div>
      </header>
      <main className="start-main">
        <p className="start-lead">
          Each scenario is a short lecture: a machine, a program or traffic, and a walkthrough of
          numbered steps you follow with <kbd>n</kbd> and <kbd>p</kbd>. Press <kbd>f</kbd> in a
          scenario for presentation mode.
        </p>
        <div className="start-search" role="search">
          <label htmlFor="start-search">Search scenarios</label>
          <input
            id="start-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              // Escape first clears the search; pressed again, it goes back to the scenario.
              if (e.key === 'Escape' && query !== '') {
                e.stopPropagation();
                setQuery('');
              }
            }}
            placeholder="e.g. invalidation, deroute, overflow"
            autoFocus
            data-testid="start-search"
          />
          <span role="status" className="start-count" data-testid="start-count">
            {shown.length === entries.length
              ? `${entries.length} scenarios`
              : `${shown.length} of ${entries.length} scenarios match`}
          </span>
        </div>
        {groups.length === 0 ? (
          <p className="muted">No scenario matches “{query}”.</p>
        ) : (
          groups.map((group) => (
            <section
              key={group.topic}
              className="start-topic"
              aria-labelledby={`topic-${group.topic}`}
              data-testid={`start-topic-${group.topic}`}
            >
              <h2 id={`topic-${group.topic}`}>{group.heading}</h2>
              <ul className="start-cards">
                {group.entries.map((e) => (
                  <li key={e.id} className="start-card" data-testid={`start-card-${e.id}`}>
                    <h3>
                      <a href={`#v1?b=${e.id}&c=0`} data-testid={`start-open-${e.id}`}>
                        {e.title}
                      </a>
                    </h3>
                    <p className="start-meta">
                      <code>{e.id}</code> · {e.steps} {e.steps === 1 ? 'step' : 'steps'}
                    </p>
                    {e.summary ? <SafeText text={e.summary} /> : null}
                    {e.learningGoals.length > 0 ? (
                      <>
                        <h4>You will learn to</h4>
                        <ul>
                          {e.learningGoals.map((g, i) => (
                            <li key={i}>
                              <SafeText text={g} />
                            </li>
                          ))}
                        </ul>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </main>
    </div>
  );
}
