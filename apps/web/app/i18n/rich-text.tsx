import { Fragment, type ReactNode } from 'react';

/**
 * A translated message whose words wrap elements (a link inside a sentence): `<0>the source</0>` in the message
 * becomes `wrap[0]('the source')`. The words stay whole sentences for translators; no concatenation.
 */
export function RichText({ text, wrap }: { text: string; wrap: readonly ((children: ReactNode) => ReactNode)[] }) {
  const parts: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const render = wrap[Number(match[1])];
    parts.push(<Fragment key={match.index}>{render ? render(match[2]) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
