import type { ToolId } from '@paperknife/catalog/tools';
import { toolInfo } from '~/lib/tool-info.prebuilt';
import { createElement } from 'react';

// React spells SVG attributes in camelCase ("stroke-width" as strokeWidth).
const reactName = (attribute: string) =>
  attribute.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** A tool's icon from the catalogue's lucide data, drawn as lucide draws it: 24x24, stroked in the text colour. */
export function ToolIcon({ id, className }: { id: ToolId; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {toolInfo[id].icon.map(([tag, attributes], index) =>
        createElement(tag, {
          key: index,
          ...Object.fromEntries(Object.entries(attributes).map(([name, value]) => [reactName(name), value])),
        }),
      )}
    </svg>
  );
}
