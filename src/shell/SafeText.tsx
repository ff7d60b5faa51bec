/**
 * Renders teaching text from scenarios and links safely: a small Markdown subset (**bold**,
 * *emphasis*, `code`, [links](https://…), and "- " list lines) turned into React elements. Nothing
 * is ever inserted as HTML, so text such as <img onerror=…> shows as the characters it is.
 * Links open only http(s) URLs, in a new tab, without access to this page.
 */
import type { ReactNode } from 'react';

const INLINE = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/g;

function safeHref(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

function inline(text: string, keyBase: string): ReactNode[] {
  return text.split(INLINE).map((part, i) => {
    const key = `${keyBase}-${i}`;
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
      return <strong key={key}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
      return <code key={key}>{part.slice(1, -1)}</code>;
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2)
      return <em key={key}>{part.slice(1, -1)}</em>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const href = safeHref(link[2]!);
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer">
          {link[1]}
        </a>
      ) : (
        <span key={key}>{link[1]}</span>
      );
    }
    return part;
  });
}

export function SafeText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flush = (key: string) => {
    if (list.length === 0) return;
    blocks.push(
      <ul key={key}>
        {list.map((item, i) => (
          <li key={i}>{inline(item, `${key}-${i}`)}</li>
        ))}
      </ul>,
    );
    list = [];
  };
  text.split('\n').forEach((line, i) => {
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item) list.push(item[1]!);
    else {
      flush(`l${i}`);
      if (line.trim() !== '') blocks.push(<p key={`p${i}`}>{inline(line, `p${i}`)}</p>);
    }
  });
  flush('end');
  return <>{blocks}</>;
}
