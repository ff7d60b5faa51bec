/**
 * Every panel's "Export" menu: a PNG and an SVG of the panel; CSV of the statistics (statistics
 * panel), of the sweep results (sweeps panel) or of the event log (log panel); the JSON trace of
 * a range of cycles; and the share link of the current state. It reads the store it is under, so
 * in compare mode the B column exports configuration B. Files download through Blob URLs, named
 * with the scenario id and the cycle.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ViewName } from '../../sim-core/index';
import { uiOf } from '../models/index';
import { currentLink, sweepOf, useApp } from '../state/store';
import { statsCsv, sweepCsv } from './csv';
import { downloadBlob, downloadText, exportName } from './download';
import { backgroundOf, drawingSnapshot, panelSnapshot, toPng } from './image';
import { copyShareLink } from './share';
import { buildTrace, MAX_TRACE_FRAMES, readRange } from './trace';
import './export.css';

const NO_POINTS: readonly unknown[] = [];

export function PanelExport({
  name,
  title,
  side,
}: {
  name: ViewName;
  title: string;
  side?: 'A' | 'B';
}) {
  const [open, setOpen] = useState(false);
  const [traceOpen, setTraceOpen] = useState(false);
  const [note, setNote] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const scenario = useApp((s) => s.scenario);
  // The view only while the menu is open: closed, the button need not render at every picture.
  const ready = useApp((s) => s.view !== null);
  const view = useApp((s) => (open ? s.view : null));
  // The events the page knows of, which exports of the log (run in the worker) cover.
  const events = useApp((s) => s.logMark.events);
  // While the run is explored, exports cover the explored part (and say so).
  const logged = useApp((s) => (s.exploration.complete ? null : s.exploration.logged));
  const api = useApp((s) => s.api);
  const sweepPoints = useApp((s) => {
    const sweep = s.meta ? uiOf(s.meta.model).charts?.sweep : undefined;
    return sweep ? sweepOf(s, sweep).points : NO_POINTS;
  });

  // The open menu may reach below a short panel, which would clip it (styles.css: .px-open).
  useEffect(() => {
    const section = root.current?.closest('section');
    section?.classList.toggle('px-open', open);
    return () => section?.classList.remove('px-open');
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  if (!scenario || !ready) return null;
  const cycle = view?.cycle ?? 0;
  const file = (what: string, ext: string, at: number | string = cycle) =>
    exportName(scenario.id, what, at, ext, side);

  const close = () => {
    setOpen(false);
    setTraceOpen(false);
    button.current?.focus();
  };
  const tell = (text: string) => {
    setNote(text);
    window.setTimeout(() => setNote((n) => (n === text ? '' : n)), 4000);
  };
  const panel = () => root.current?.closest<HTMLElement>('section') ?? null;

  const png = async () => {
    const el = panel();
    if (!el) return;
    close();
    const background = backgroundOf(el);
    // Wait a frame so the closed menu is not in the picture.
    await new Promise((r) => requestAnimationFrame(r));
    let blob: Blob;
    try {
      blob = await toPng(panelSnapshot(el), background);
    } catch {
      // If the browser will not draw HTML inside SVG, the drawing alone still can be.
      const drawing = drawingSnapshot(el, background);
      if (!drawing) {
        tell('This browser could not draw the panel as an image.');
        return;
      }
      blob = await toPng(drawing, background);
    }
    downloadBlob(file(name, 'png'), blob);
    tell('PNG saved.');
  };

  const svg = async () => {
    const el = panel();
    if (!el) return;
    close();
    await new Promise((r) => requestAnimationFrame(r));
    const snapshot = drawingSnapshot(el, backgroundOf(el)) ?? panelSnapshot(el);
    downloadText(file(name, 'svg'), snapshot.svg, 'image/svg+xml');
    tell('SVG saved.');
  };

  const csv = (what: string, text: string) => {
    downloadText(file(what, 'csv'), text, 'text/csv;charset=utf-8');
    close();
    tell('CSV saved.');
  };

  const share = async () => {
    close();
    tell(await copyShareLink());
  };

  return (
    <div
      className="px-export"
      ref={root}
      data-export-ignore=""
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="px-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={`Export ${side ? `${side}: ` : ''}${title}`}
        data-testid={`export-${name}`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Export ▾
      </button>
      <span className="px-note" role="status">
        {note}
      </span>
      {open && view ? (
        <div className="px-menu" id={`${id}-menu`} role="group" aria-label={`Export ${title}`}>
          <button type="button" onClick={() => void png()} data-testid="export-png">
            PNG image
          </button>
          <button type="button" onClick={() => void svg()} data-testid="export-svg">
            SVG image
          </button>
          {name === 'stats' ? (
            <button
              type="button"
              data-testid="export-stats-csv"
              onClick={() => csv('stats', statsCsv(view.frame.stats))}
            >
              Statistics (CSV)
            </button>
          ) : null}
          {name === 'charts' ? (
            <button
              type="button"
              data-testid="export-sweep-csv"
              disabled={sweepPoints.length === 0}
              title={sweepPoints.length === 0 ? 'Run a sweep first' : undefined}
              onClick={() => csv('sweep', sweepCsv(sweepPoints))}
            >
              Sweep results (CSV)
            </button>
          ) : null}
          {name === 'log' ? (
            <button
              type="button"
              data-testid="export-log-csv"
              onClick={() =>
                void api?.queryLog({ kind: 'csv', upTo: events }).then((text) => csv('log', text))
              }
            >
              {logged === null
                ? 'Event log, whole run (CSV)'
                : `Event log, cycles 0–${logged} explored so far (CSV)`}
            </button>
          ) : null}
          <button
            type="button"
            aria-expanded={traceOpen}
            data-testid="export-trace"
            onClick={() => setTraceOpen(!traceOpen)}
          >
            JSON trace of cycles…
          </button>
          {traceOpen ? (
            <TraceForm
              cycle={cycle}
              lastCycle={logged ?? view.lastCycle}
              exploring={logged !== null}
              onExport={async (range, withFrames) => {
                if (!api) return;
                const frames = withFrames ? await api.frames(range.from, range.to) : undefined;
                const log = await api.queryLog({ kind: 'range', upTo: events, ...range });
                const trace = buildTrace(
                  {
                    scenario: scenario.id,
                    title: scenario.title,
                    seed: scenario.seed,
                    link: side === 'B' ? null : currentLink(),
                  },
                  log,
                  range,
                  frames,
                );
                downloadText(
                  file('trace', 'json', `${range.from}-${range.to}`),
                  JSON.stringify(trace, null, 1),
                  'application/json',
                );
                close();
                tell('Trace saved.');
              }}
            />
          ) : null}
          <button type="button" data-testid="export-share" onClick={() => void share()}>
            Copy share link
          </button>
        </div>
      ) : null}
    </div>
  );
}

function TraceForm({
  cycle,
  lastCycle,
  exploring,
  onExport,
}: {
  cycle: number;
  lastCycle: number;
  exploring: boolean;
  onExport: (range: { from: number; to: number }, withFrames: boolean) => Promise<void>;
}) {
  const [from, setFrom] = useState(String(Math.max(0, cycle - 20)));
  const [to, setTo] = useState(String(cycle));
  const [withFrames, setWithFrames] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <form
      className="px-trace"
      data-testid="trace-form"
      onSubmit={(e) => {
        e.preventDefault();
        const reading = readRange(from, to, lastCycle, withFrames, exploring);
        if (!reading.ok) {
          setError(reading.message);
          return;
        }
        setError('');
        setBusy(true);
        void onExport(reading.range, withFrames).finally(() => setBusy(false));
      }}
    >
      <label>
        from
        <input
          inputMode="numeric"
          size={6}
          value={from}
          data-testid="trace-from"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label>
        to
        <input
          inputMode="numeric"
          size={6}
          value={to}
          data-testid="trace-to"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setTo(e.target.value)}
        />
      </label>
      <fieldset>
        <legend>Contents</legend>
        <label>
          <input
            type="radio"
            name={`${id}-contents`}
            checked={!withFrames}
            onChange={() => setWithFrames(false)}
          />
          events only
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-contents`}
            checked={withFrames}
            data-testid="trace-frames"
            onChange={() => setWithFrames(true)}
          />
          events and frames (≤ {MAX_TRACE_FRAMES} cycles)
        </label>
      </fieldset>
      <button type="submit" disabled={busy} data-testid="trace-download">
        {busy ? 'Preparing…' : 'Download trace'}
      </button>
      {error ? (
        <span className="px-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
