/** An uncached status register, bit by bit: its value written out, with what it means now. */
export interface StatusBit {
  name: string;
  on: boolean;
  /** What the bit says when set and when clear. */
  set: string;
  clear: string;
}

export function StatusBits({ bits }: { bits: readonly StatusBit[] }) {
  return (
    <table className="vt-table cv-status" data-testid="status-register">
      <caption>Status register (uncached: every poll is a bus transaction)</caption>
      <tbody>
        {bits.map((b) => (
          <tr key={b.name} className={b.on ? 'cv-bit-on' : undefined}>
            <th scope="row">{b.name}</th>
            <td className="num">{b.on ? 1 : 0}</td>
            <td>{b.on ? b.set : b.clear}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
