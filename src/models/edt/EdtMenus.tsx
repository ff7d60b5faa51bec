/**
 * The header's menus for an EDT scenario: the network interface (EDT, CC-DMA by intervention or
 * by retry, non-coherent DMA), the order of the user's stores, and the DMA rate; each reloads the
 * scenario with one `system` or `workload` field changed, so the share link carries it.
 */
import { EDT_NI_KINDS, EDT_NI_NAMES } from '../../../sim-core/ni/edt/ni-kinds';
import { WRITE_ORDERS } from '../../../sim-core/ni/edt/workload-kinds';
import type { ScenarioOf } from '../../../sim-core/model';
import type { EdtTypes } from '../../../sim-core/ni/edt/edt-face';
import { actions } from '../../state/store';
import { withSystem } from '../../shell/with-system';
import { useLock } from '../../teaching/assignment-store';
import type { LoadSpec } from '../../worker/sim-api';
import { withWorkload } from './with-workload';

export const DMA_RATES = [1, 0.75, 0.5] as const;

export function EdtMenus({ spec, scenario }: { spec: LoadSpec; scenario: ScenarioOf<EdtTypes> }) {
  const lock = useLock();
  const { system } = scenario;
  const via = scenario.workload.via;
  const dma = EDT_NI_KINDS[system.ni].mechanism === 'dma';
  const locked = (path: string) => ({
    disabled: lock(path) !== null,
    title: lock(path) ?? undefined,
  });
  return (
    <>
      <label>
        NI
        <select
          value={system.ni}
          {...locked('system.ni')}
          data-testid="edt-ni-select"
          onChange={(e) =>
            void actions.reload(
              withSystem(spec, { ni: e.target.value }),
              'Switching network interface',
            )
          }
        >
          {EDT_NI_NAMES.map((name) => (
            <option key={name} value={name}>
              {EDT_NI_KINDS[name].label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Writes
        <select
          value={via.order}
          {...locked('workload.via.order')}
          data-testid="edt-order-select"
          onChange={(e) =>
            void actions.reload(
              withWorkload(spec, { order: e.target.value }),
              'Switching the write order',
            )
          }
        >
          {WRITE_ORDERS.map((order) => (
            <option key={order} value={order}>
              {order}
            </option>
          ))}
        </select>
      </label>
      {dma ? (
        <label>
          DMA rate
          <select
            value={String(system.dma.rate)}
            {...locked('system.dma.rate')}
            data-testid="edt-rate-select"
            onChange={(e) =>
              void actions.reload(
                withSystem(spec, { dma: { ...system.dma, rate: Number(e.target.value) } }),
                'Switching the DMA rate',
              )
            }
          >
            {[...new Set([...DMA_RATES, system.dma.rate])].map((rate) => (
              <option key={rate} value={String(rate)}>
                {Math.round(rate * 100)}% ({Math.round(rate * 1600)} MB/s)
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}
