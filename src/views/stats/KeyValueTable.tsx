/** A two-column statistics table: a caption and rows of "what" and its value. */
export function KeyValueTable({
  caption,
  rows,
  className = 'vt-table',
  testId,
}: {
  caption: string;
  rows: readonly (readonly [string, string])[];
  className?: string;
  testId: string;
}) {
  return (
    <table className={className} data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([what, value]) => (
          <tr key={what}>
            <th scope="row">{what}</th>
            <td className="num">{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
