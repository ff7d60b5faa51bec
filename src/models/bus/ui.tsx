/** The bus model's page: its programs, caches, bus and memory panels, protocol menu and statistics. */
import type { BusTypes } from '../../../sim-core/bus/module';
import { protocolChoices, ProtocolMenu } from '../../shell/ProtocolMenu';
import type { ModelUi } from '../model-ui';
import { BusView } from './bus/BusView';
import { busLogLinks } from './log-links';
import { CachesView } from './caches/CachesView';
import { MemoryView } from './memory/MemoryView';
import { ProgramView } from './program/ProgramView';
import { BusStatsTable } from './stats/BusStatsTable';
import { CacheStatsTable } from './stats/CacheStatsTable';
import { ProcessorStatsTable } from './stats/ProcessorStatsTable';
import { BUS_STAT_LABELS } from './stats/stat-labels';

export const busUi: ModelUi<BusTypes> = {
  kind: 'bus',
  label: 'Snooping bus',
  views: {
    program: { title: 'Programs', area: 'left', Component: ProgramView },
    caches: { title: 'Caches', area: 'centre', Component: CachesView, live: true },
    bus: { title: 'Bus', area: 'centre', Component: BusView, live: true },
    memory: { title: 'Memory', area: 'bottom', Component: MemoryView },
  },
  Menus: ({ spec, scenario }) => <ProtocolMenu spec={spec} protocol={scenario.system.protocol} />,
  Stats: ({ stats }) => (
    <div className="vt-cards">
      <BusStatsTable stats={stats} />
      <CacheStatsTable caches={stats.caches} />
      <ProcessorStatsTable processors={stats.processors} />
    </div>
  ),
  statLabels: BUS_STAT_LABELS,
  logLinks: busLogLinks,
  compareChoices: ({ system }) => [protocolChoices(system.protocol)],
};
