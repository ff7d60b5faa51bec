/**
 * CNI16Qm's device cache (§B.6.4, digest §H.5): the receive queue is homed in main memory and the
 * NI caches 16 of its blocks, direct mapped. Each frame shows the queue block it holds, where that
 * block sits in the ring, the NI's coherence state of it (colour and letter) and its message.
 */
import { count } from '../../../../sim-core/kernel/words';
import type { BlockView, CniNodeView } from '../../../../sim-core/ni/cni/cni-frame';
import { contentText } from '../../../d3/cni-text';
import { stateStyle } from '../../../theme/states';

/** The receive-queue block a frame holds, with its slot, found by block id. */
function findBlock(node: CniNodeView, block: number): { view: BlockView; slot: number } | null {
  for (const q of node.queues) {
    const slot = q.slots.findIndex((blocks) => blocks.some((b) => b.block === block));
    if (slot >= 0) return { view: q.slots[slot]!.find((b) => b.block === block)!, slot };
  }
  return null;
}

export function DeviceCache({ node }: { node: CniNodeView }) {
  const frames = node.device.frames;
  if (frames.length === 0) return null;
  const held = frames.filter((b) => b >= 0).length;
  return (
    <section
      className="cv-devcache"
      aria-label={`Device cache of node ${node.id}`}
      data-testid="device-cache"
    >
      <h3>
        NI device cache{' '}
        <span className="cv-sub">
          {count(frames.length, 'frame')}, direct mapped, of a receive queue homed in main memory ·{' '}
          {held} in use
        </span>
      </h3>
      <ol className="cv-frames">
        {frames.map((block, i) => {
          const found = block >= 0 ? findBlock(node, block) : null;
          const state = found?.view.states.NI ?? 'I';
          const style = stateStyle(state);
          const words = found
            ? `frame ${i}: ${found.view.name} (slot ${found.slot}), NI state ${state}, holds ${contentText(found.view)}`
            : `frame ${i}: empty`;
          return (
            <li
              key={i}
              className={found ? 'cv-frame' : 'cv-frame cv-frame-empty'}
              data-testid={`device-frame-${i}`}
              data-block={block}
              data-state={found ? state : ''}
              aria-label={words}
              title={words}
            >
              <span className="cv-frame-index">{i}</span>
              {found ? (
                <>
                  <span className="cv-frame-name">{found.view.name}</span>
                  <span
                    className={style.hatched ? 'cv-badge hatched' : 'cv-badge'}
                    style={{ background: style.fill, color: style.ink }}
                  >
                    NI:{state}
                  </span>
                  <span className="cv-frame-msg">{contentText(found.view)}</span>
                </>
              ) : (
                <span className="cv-frame-name">empty</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
