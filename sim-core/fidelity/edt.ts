/**
 * Fidelity of the EDT model against Won, Lee, Park & Kim, "Eager Data Transfer" (seed 002), the
 * rows of round2-spec §B1.4. Fig. 8 and 9 did not survive the seed's conversion, so the only
 * absolute numbers are the 17 % and 38 % gains over CC-DMA by intervention [002 L7, L194]: the
 * DMA engine's Init + Intr and VI-MSG's base cost were fitted to them once and frozen
 * (ni/edt/costs.ts, CALIBRATED); every other row is an exact count or an ordering, measured.
 * docs/fidelity/edt.md explains each row and each assumption.
 */
import { txPerBlockRow } from './cni';
import type { FidelityRow } from './fidelity';
import { parseScenario } from '../scenario/parse';
import { edtConfigOf } from '../ni/edt/edt-config';
import type { EdtScenario } from '../ni/edt/edt-schema';
import { edtPoint, runPoint, type EdtPoint } from '../ni/edt/edt-sweep';
import { SWEEP_RATES, SWEEP_SIZES } from '../ni/edt/sweep-points';
import { edtModel } from '../ni/edt/module';
import { MEASURED_NIS, type EdtNiName } from '../ni/edt/ni-kinds';

const SOURCE = 'seed 002';
const [EDT, INTV, RETRY] = MEASURED_NIS as [EdtNiName, EdtNiName, EdtNiName];

/** The scenario defaults: an EDT machine with the default registered regions (4 KB buffers). */
export function defaultEdtScenario(via: Record<string, unknown> = {}): EdtScenario {
  const parsed = parseScenario({
    version: 1,
    id: 'edt-defaults',
    title: 'EDT defaults',
    system: { kind: edtModel.kind },
    workload: { via: { bytes: 64, ...via } },
  });
  if (!parsed.ok || parsed.value.system.kind !== edtModel.kind) throw new Error('no EDT defaults');
  return parsed.value as EdtScenario;
}

const points = new Map<string, EdtPoint>();

/** One ping-pong point, run once per process (the rows share them). */
export function point(ni: EdtNiName, bytes: number, rate = 1): EdtPoint {
  const key = `${ni} ${bytes} ${rate}`;
  let p = points.get(key);
  if (!p) {
    p = edtPoint(defaultEdtScenario(), ni, bytes, rate);
    if (p.outcome !== 'done') throw new Error(`${key}: ${p.problem}`);
    points.set(key, p);
  }
  return p;
}

const latency = (ni: EdtNiName, bytes: number, rate = 1) => point(ni, bytes, rate).latency!;

/** EDT's gain over a DMA NI, (T_dma − T_edt) / T_dma, in percent with one decimal. */
export function gain(over: EdtNiName, bytes: number, rate = 1): number {
  const t = latency(over, bytes, rate);
  return Math.round((1000 * (t - latency(EDT, bytes, rate))) / t) / 10;
}

/**
 * Bus transactions on the send buffer's blocks from the first store to the message leaving, one
 * message of `bytes` written in `order` with `storeGap` cycles between stores.
 */
export function sendTransactions(bytes: number, order: string, storeGap = 0) {
  const scenario = defaultEdtScenario({ kind: 'send', bytes, order, storeGap });
  const counts: Record<string, number> = {};
  let writing = false;
  runPoint({ ...edtConfigOf(scenario), checkInvariants: false }, (e) => {
    if (e.kind === 'via.step' && e.node === 0 && e.step === 'Send1') writing = true;
    if (e.kind === 'edt.msg' && e.node === 0 && e.phase === 'send') writing = false;
    if (writing && e.kind === 'edt.txn' && e.node === 0 && e.target.startsWith('send['))
      counts[e.txnKind] = (counts[e.txnKind] ?? 0) + 1;
  });
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { counts, total };
}

const BLOCK = 128;
const W = BLOCK / 8;
const words = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, v]) => `${v} ${k}`)
    .join(' + ');

export function bestCaseRow(): FidelityRow {
  const measured = [2, 4, 32].map((b) => ({ b, ...sendTransactions(b * BLOCK, 'sequential') }));
  const exact = measured.every(
    (m) => m.total === 2 * m.b && m.counts.INV === m.b && m.counts.RD === m.b,
  );
  return {
    id: 'edt.tx.best',
    kind: 'Q',
    origin: 'emergent',
    source: `${SOURCE} L114, L136`,
    metric: `bus transactions on the send buffer, sequential writes, B = 2, 4, 32 (${measured.map((m) => `${words(m.counts)}`).join('; ')})`,
    paper: '2 per block (1 INV + 1 RD)',
    ours: measured.map((m) => `${m.total / m.b}`).join(', '),
    tolerance: 'exact',
    pass: exact,
  };
}

/** Stride-W writes, each store after the NI's read of the last one (gap ≥ δ_fetch + an RD). */
export const WORST_GAP = 240;

export function worstCaseRow(): FidelityRow {
  const measured = [2, 4].map((b) => ({ b, ...sendTransactions(b * BLOCK, 'stride', WORST_GAP) }));
  return {
    id: 'edt.tx.worst',
    kind: 'Q',
    origin: 'emergent',
    source: `${SOURCE} L138`,
    metric: `the same count, stride-W writes, ${WORST_GAP} cycles between stores, B = 2, 4 (${measured.map((m) => words(m.counts)).join('; ')})`,
    paper: '2·B·W (64, 128)',
    ours: measured.map((m) => m.total).join(', '),
    tolerance: 'exact',
    pass: measured.every((m) => m.total === 2 * m.b * W),
  };
}

export function gainRow(bytes: 64 | 4096): FidelityRow {
  const paper = bytes === 64 ? 17 : 38;
  const ours = gain(INTV, bytes);
  return {
    id: `edt.gain.intv.${bytes}`,
    kind: 'Q',
    origin: 'calibrated',
    source: `${SOURCE} L7, L194 (calibrated: dma.init + dma.intr, ni.viMsgSend/Receive)`,
    metric: `(T_intv − T_edt) / T_intv at ${bytes} B, one-way latency, median of the second half of a 12-round ping-pong (T_edt ${latency(EDT, bytes)}, T_intv ${latency(INTV, bytes)} cycles)`,
    paper: `${paper} %`,
    ours: `${ours} %`,
    tolerance: '±5 points',
    pass: Math.abs(ours - paper) <= 5,
  };
}

export function latencyOrderRow(): FidelityRow {
  const bad = SWEEP_SIZES.filter(
    (b) => !(latency(EDT, b) < latency(INTV, b) && latency(INTV, b) < latency(RETRY, b)),
  );
  return {
    id: 'edt.order.latency',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L189, L194, L203`,
    metric: `EDT < CC-DMA_intv < CC-DMA_retry at 64 … 4,096 B (${SWEEP_SIZES.map((b) => `${b}: ${latency(EDT, b)}/${latency(INTV, b)}/${latency(RETRY, b)}`).join(', ')})`,
    paper: 'EDT < intv < retry',
    ours: bad.length ? `fails at ${bad.join(', ')} B` : 'at every size',
    tolerance: 'ordering',
    pass: bad.length === 0,
  };
}

export function monotoneRow(): FidelityRow {
  const gains = SWEEP_SIZES.map((b) => gain(INTV, b));
  const dips = gains.flatMap((g, i) => (i > 0 && g < gains[i - 1]! ? [SWEEP_SIZES[i]!] : []));
  return {
    id: 'edt.gain.monotone',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L194`,
    metric: `gain over CC-DMA_intv by size: ${gains.map((g, i) => `${SWEEP_SIZES[i]} B ${g} %`).join(', ')}`,
    paper: 'grows with size',
    ours: dips.length ? `falls at ${dips.join(', ')} B` : 'non-decreasing',
    tolerance: 'ordering',
    pass: dips.length === 0,
  };
}

export function deratedRow(): FidelityRow {
  const range = (rate: number) => {
    const g = SWEEP_SIZES.map((b) => gain(INTV, b, rate));
    return { lo: Math.min(...g), hi: Math.max(...g), g };
  };
  const [full, r75, r50] = SWEEP_RATES.map(range) as [
    ReturnType<typeof range>,
    ReturnType<typeof range>,
    ReturnType<typeof range>,
  ];
  const ordered = SWEEP_SIZES.every((_, i) => r50.g[i]! >= r75.g[i]! && r75.g[i]! >= full.g[i]!);
  const text = (r: typeof full) => `${r.lo}–${r.hi} %`;
  return {
    id: 'edt.gain.derated',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L194`,
    metric: `gain over CC-DMA_intv at 100 % / 75 % / 50 % of the DMA peak, 64 B–4 KB (paper: 17–38 / 27–40 / 34–42 %); ordered at every size`,
    paper: '27–40 % at 75 %; 34–42 % at 50 %',
    ours: `${text(r75)} at 75 %; ${text(r50)} at 50 %`,
    tolerance: 'gain(50 %) ≥ gain(75 %) ≥ gain(100 %)',
    pass: ordered,
  };
}

export function vsAllRow(): FidelityRow {
  const vsRetry = Math.max(...SWEEP_SIZES.map((b) => gain(RETRY, b)));
  const vsIntv = Math.max(...SWEEP_SIZES.map((b) => gain(INTV, b)));
  return {
    id: 'edt.gain.vsAll',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L211; reading: digest §H-8`,
    metric: `largest gain over CC-DMA_retry (${vsRetry} %) against the largest over CC-DMA_intv (${vsIntv} %), at peak rate`,
    paper: '17–41 % vs "CC-DMA based schemes"',
    ours: `up to ${vsRetry} % vs retry`,
    tolerance: 'max vs retry ≥ max vs intv',
    pass: vsRetry >= vsIntv,
  };
}

const part = (ni: EdtNiName, bytes: number, which: 'userData' | 'dataTransfer' | 'transport') =>
  point(ni, bytes).parts![which];

export function dataTransferRow(): FidelityRow {
  const bad = SWEEP_SIZES.filter(
    (b) =>
      !(
        part(RETRY, b, 'dataTransfer') > part(INTV, b, 'dataTransfer') &&
        part(INTV, b, 'dataTransfer') > part(EDT, b, 'dataTransfer')
      ),
  );
  return {
    id: 'edt.breakdown.dataTransfer',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L196, L203`,
    metric: `Data Transfer of a warm message, retry/intv/EDT: ${[256, 4096].map((b) => `${b} B ${part(RETRY, b, 'dataTransfer')}/${part(INTV, b, 'dataTransfer')}/${part(EDT, b, 'dataTransfer')}`).join(', ')} cycles`,
    paper: 'retry > intv > EDT',
    ours: bad.length ? `fails at ${bad.join(', ')} B` : 'at every size',
    tolerance: 'ordering',
    pass: bad.length === 0,
  };
}

/** The largest spread of a part across the three NIs at a size, as a fraction of the smallest. */
const spread = (b: number, which: 'userData' | 'transport') => {
  const v = MEASURED_NIS.map((ni) => part(ni, b, which));
  return (Math.max(...v) - Math.min(...v)) / Math.min(...v);
};

export function userDataRow(): FidelityRow {
  const worst = Math.max(...SWEEP_SIZES.map((b) => spread(b, 'userData')));
  return {
    id: 'edt.breakdown.userData',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L203`,
    metric: `User Data of a warm message, EDT/intv/retry: ${[64, 4096].map((b) => `${b} B ${MEASURED_NIS.map((ni) => part(ni, b, 'userData')).join('/')}`).join(', ')} cycles; largest spread ${Math.round(worst * 1000) / 10} %`,
    paper: 'equal across mechanisms',
    ours: `within ${Math.round(worst * 1000) / 10} %`,
    tolerance: 'within 5 %',
    pass: worst <= 0.05,
  };
}

export function transportRow(): FidelityRow {
  const worst = Math.max(...SWEEP_SIZES.map((b) => spread(b, 'transport')));
  const t = (b: number) => part(EDT, b, 'transport');
  const steps = t(2048) > t(1024) && t(4096) > t(2048) && t(1024) === t(64);
  return {
    id: 'edt.breakdown.transport',
    kind: 'R',
    origin: 'composed',
    source: `${SOURCE} L189, L203`,
    metric: `Transport of a warm message (EDT): ${SWEEP_SIZES.map((b) => `${b} B ${t(b)}`).join(', ')}; largest spread across NIs ${Math.round(worst * 1000) / 10} %`,
    paper: 'equal across mechanisms; steps up past the 1,500-B MTU',
    ours: `${steps ? 'flat to 1 KB, steps at 2 and 4 KB' : 'no step'}; spread ${Math.round(worst * 1000) / 10} %`,
    tolerance: 'equal within 5 %, and the step',
    pass: steps && worst <= 0.05,
  };
}

/** Up to the MTU a message is one fragment: one DMA for the descriptor, one each way for data. */
const ONE_FRAGMENT = SWEEP_SIZES.filter((b) => b <= 1024);

export function execRow(): FidelityRow {
  const d = (ni: EdtNiName, b: number) => point(ni, b).dma!;
  const setupFlat = [INTV, RETRY].every((ni) =>
    ONE_FRAGMENT.every((b) => d(ni, b).init === d(ni, 64).init && d(ni, b).intr === d(ni, 64).intr),
  );
  // Exec moves whole blocks: 64 B and 128 B are one block each, so it grows by blocks.
  const execGrows = [INTV, RETRY].every(
    (ni) =>
      SWEEP_SIZES.every((b, i) => i === 0 || d(ni, b).exec >= d(ni, SWEEP_SIZES[i - 1]!).exec) &&
      d(ni, 4096).exec > d(ni, 64).exec,
  );
  const retryMore = SWEEP_SIZES.every((b) => d(RETRY, b).exec > d(INTV, b).exec);
  return {
    id: 'edt.fig9.exec',
    kind: 'R',
    origin: 'emergent',
    source: `${SOURCE} L205-207`,
    metric: `DMA phases of a warm message, intv/retry at 256 B: Init ${d(INTV, 256).init}/${d(RETRY, 256).init}, Exec ${d(INTV, 256).exec}/${d(RETRY, 256).exec}, Intr ${d(INTV, 256).intr}/${d(RETRY, 256).intr}; Exec at 4 KB ${d(INTV, 4096).exec}/${d(RETRY, 4096).exec} cycles`,
    paper: 'only DMA Exec grows with size; Exec(retry) > Exec(intv)',
    ours: `Exec ${execGrows ? 'grows' : 'does not grow'}; Init and Intr ${setupFlat ? 'constant' : 'vary'} up to the MTU; retry ${retryMore ? '>' : '≤'} intv`,
    tolerance: 'ordering',
    pass: execGrows && setupFlat && retryMore,
  };
}

export function cniBestCaseRow(): FidelityRow {
  const edt = sendTransactions(2 * BLOCK, 'sequential');
  const cni = txPerBlockRow();
  const edtPerBlock = `${edt.counts.INV! / 2} INV + ${edt.counts.RD! / 2} RD`;
  return {
    id: 'cross.edt.cni.bestCase',
    kind: 'Q',
    origin: 'emergent',
    source: `${SOURCE} L134-136 with seed 000 L433-440`,
    metric: `transactions per block, best case: EDT (sequential writes) against CNI16Q's cachable queue (${cni.id})`,
    paper: 'the same: 1 INV + 1 RD',
    ours: `EDT ${edtPerBlock}; CNI16Q ${cni.ours}`,
    tolerance: 'exact',
    pass: cni.pass && edtPerBlock === cni.ours,
  };
}

export function edtRows(): FidelityRow[] {
  return [
    bestCaseRow(),
    worstCaseRow(),
    gainRow(64),
    gainRow(4096),
    latencyOrderRow(),
    monotoneRow(),
    deratedRow(),
    vsAllRow(),
    dataTransferRow(),
    userDataRow(),
    transportRow(),
    execRow(),
    cniBestCaseRow(),
  ];
}
