/**
 * In embed mode the frame tells the page around it how tall its content is, so that a few lines
 * of script there can size the iframe to fit (docs/teaching/embedding.md has them): it posts
 * `{ type: 'ni-lab:height', height }` (CSS pixels, a whole number) to its parent when it opens and
 * whenever the height changes. A height is no secret, so any origin may receive it; the parent
 * checks where a message comes from.
 */
import { useEffect } from 'react';

export const EMBED_HEIGHT = 'ni-lab:height';

/** The message an embedded frame posts to its parent. */
export interface EmbedHeightMessage {
  type: typeof EMBED_HEIGHT;
  height: number;
}

export function useEmbedHeight(embedded: boolean): void {
  useEffect(() => {
    if (!embedded || window.parent === window) return;
    // The document's own height: the root element's box holds all the content (nothing sets it
    // to the window's height), so it shrinks as well as grows.
    const page = document.documentElement;
    let last = -1;
    const post = () => {
      const height = Math.ceil(page.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      const message: EmbedHeightMessage = { type: EMBED_HEIGHT, height };
      window.parent.postMessage(message, '*');
    };
    const observer = new ResizeObserver(post);
    observer.observe(page);
    post();
    return () => observer.disconnect();
  }, [embedded]);
}
