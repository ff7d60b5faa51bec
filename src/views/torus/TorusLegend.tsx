/**
 * The key to the torus picture: what the router shading, the link widths, the marks and the
 * packet lines mean. Every colour is paired with a number, a width, a dash or a word.
 */
import { heatFill, heatInk, packetColour } from '../../d3/torus-layout';
import { DETAIL_MAX_K, DETAIL_MAX_PACKETS } from '../../d3/torus-renderer';
import { LINK_WINDOW } from '../../../sim-core/network/link-window';

const USE = [0, 0.25, 0.5, 1];

export function TorusLegend({
  frames,
  heatOnly,
  wraps,
}: {
  frames: number;
  heatOnly: boolean;
  /** A torus: its edge stubs need a key (a mesh has none). */
  wraps: boolean;
}) {
  const ticks = [0, Math.round(frames / 3), Math.round((2 * frames) / 3), frames];
  return (
    <div className="nv-legend" aria-label="Legend">
      <div className="nv-legend-item">
        <span className="nv-legend-title">Frames occupied</span>
        <span className="nv-heat-scale">
          {ticks.map((t) => (
            <span
              key={t}
              className="nv-heat-cell"
              style={{ background: heatFill(t / frames), color: heatInk(t / frames) }}
            >
              {t}
            </span>
          ))}
        </span>
        <span className="nv-legend-note">of {frames}</span>
      </div>
      <div className="nv-legend-item">
        <span className="nv-legend-title" data-testid="link-use-legend">
          Link use, last {LINK_WINDOW} cycles (phits/cycle)
        </span>
        <svg width="176" height="22" aria-hidden="true">
          {USE.map((u, i) => (
            <g key={u} transform={`translate(${i * 44},0)`}>
              <line
                x1="2"
                x2="22"
                y1="11"
                y2="11"
                stroke="#222"
                strokeWidth={(1.5 + 9 * u) * 0.6}
                strokeOpacity={0.3 + 0.7 * u}
              />
              <text x="25" y="15" fontSize="11">
                {u}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <div className="nv-legend-item">
        <svg width="22" height="18" aria-hidden="true">
          <rect
            x="1"
            y="1"
            width="20"
            height="16"
            rx="2"
            fill="#fff"
            stroke="#111"
            strokeWidth="2.5"
          />
          <circle cx="7" cy="7" r="3" fill="#111" />
        </svg>
        <span>n12: router with processing node 12</span>
      </div>
      {heatOnly ? (
        <div className="nv-legend-item">
          <svg width="16" height="16" aria-hidden="true">
            <circle cx="8" cy="8" r="5" fill={packetColour(1)} stroke="#111" />
          </svg>
          <span>
            <strong>Heat map only</strong> (more than {DETAIL_MAX_K}×{DETAIL_MAX_K} or{' '}
            {DETAIL_MAX_PACKETS} packets): a dot per packet at its head router
          </span>
        </div>
      ) : (
        <div className="nv-legend-item">
          <svg width="46" height="18" aria-hidden="true">
            <path d="M4,9 H34" stroke="#111" strokeWidth="9" strokeLinecap="butt" />
            <path d="M4,9 H34" stroke={packetColour(5)} strokeWidth="6" strokeLinecap="butt" />
            <circle cx="36" cy="9" r="5" fill={packetColour(5)} stroke="#111" strokeWidth="1.5" />
          </svg>
          <span>
            packet through the frames its phits fill, head ●: long = cutting through, short =
            blocked. Its number where there is room: zoom in for the rest, or point at a packet
          </span>
        </div>
      )}
      <div className="nv-legend-item">
        <svg width="40" height="14" aria-hidden="true">
          <line x1="2" x2="38" y1="7" y2="7" className="tv-hop tv-deroute" />
        </svg>
        <span>derouted hop of the followed packet (solid: profitable hop)</span>
      </div>
      {wraps ? (
        <div className="nv-legend-item">
          <span>
            <strong>y3 … y3</strong>, <strong>x5 … x5</strong>: edge stubs wrap round to the
            opposite edge
          </span>
        </div>
      ) : null}
      <div className="nv-legend-item">
        <svg width="40" height="14" aria-hidden="true">
          <line x1="2" x2="38" y1="7" y2="7" className="tv-stall-link" />
        </svg>
        <span>
          after a stall: a waiting packet&rsquo;s router (ringed) and the link it waits for
        </span>
      </div>
    </div>
  );
}
