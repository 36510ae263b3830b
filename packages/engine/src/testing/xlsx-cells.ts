import { strFromU8, unzipSync } from 'fflate';

/** A sheet of an .xlsx as tests read it back: cells by reference, merged ranges, column widths. */
export interface ReadSheet {
  name: string;
  /** Cell reference to its value: text, or the number with its format code. */
  cells: Record<string, string | { number: number; format: string }>;
  merges: string[];
  widths: number[];
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/**
 * The sheets of an .xlsx with inline strings and numbers (as PDF to Excel writes them), shared strings read too,
 * so that a workbook another program wrote can be compared.
 */
export function readWorkbook(bytes: Uint8Array): ReadSheet[] {
  const files = unzipSync(bytes);
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : '');
  const styles = text('xl/styles.xml');
  const formats = new Map<number, string>();
  for (const [, id, code] of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)) {
    formats.set(Number(id), unescape(code!));
  }
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '';
  const xfFormats = [...cellXfs.matchAll(/<xf [^>]*?numFmtId="(\d+)"/g)].map((match) => Number(match[1]));
  const shared = [...text('xl/sharedStrings.xml').matchAll(/<si>(.*?)<\/si>/gs)].map((match) =>
    unescape([...match[1]!.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join('')),
  );
  const relations = new Map(
    [...text('xl/_rels/workbook.xml.rels').matchAll(/<Relationship [^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map(
      (match) => [match[1]!, match[2]!.replace(/^\/?xl\//, '')],
    ),
  );
  const sheets = [...text('xl/workbook.xml').matchAll(/<sheet [^>]*?name="([^"]*)"[^>]*?r:id="([^"]+)"/g)];
  return sheets.map(([, name, id]) => {
    const xml = text(`xl/${relations.get(id!) ?? ''}`);
    const cells: ReadSheet['cells'] = {};
    for (const [, attributes, body] of xml.matchAll(/<c ([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)) {
      const ref = /r="([A-Z]+\d+)"/.exec(attributes!)?.[1];
      if (!ref || body === undefined) continue;
      const type = /t="(\w+)"/.exec(attributes!)?.[1];
      const style = Number(/s="(\d+)"/.exec(attributes!)?.[1] ?? 0);
      const value = /<v>(.*?)<\/v>/s.exec(body)?.[1];
      if (type === 'inlineStr')
        cells[ref] = unescape([...body.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((t) => t[1]).join(''));
      else if (type === 's') cells[ref] = shared[Number(value)] ?? '';
      else if (type === 'str' || type === 'b' || type === 'e') cells[ref] = unescape(value ?? '');
      else if (value !== undefined) {
        const formatId = xfFormats[style] ?? 0;
        cells[ref] = {
          number: Number(value),
          format: formats.get(formatId) ?? (formatId === 0 ? 'General' : `#${formatId}`),
        };
      }
    }
    const merges = [...xml.matchAll(/<mergeCell ref="([^"]+)"/g)].map((match) => match[1]!);
    const widths = [...xml.matchAll(/<col [^>]*?width="([\d.]+)"/g)].map((match) => Number(match[1]));
    return { name: unescape(name!), cells, merges, widths };
  });
}
