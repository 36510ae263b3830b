import { readFile, writeFile } from 'node:fs/promises';
import type { ObjectEdits } from './compress-prepare-task.js';
import type { Replacement } from './image-replacement.js';
import { tempPath } from '../jobs/temp-path.js';
import type { ToolContext } from '../jobs/tool-runner.js';
import { runQpdfJob } from '../programs/qpdf.js';

type QpdfJsonValue = string | number | boolean | null | QpdfJsonValue[] | { [key: string]: QpdfJsonValue };
type QpdfJsonObject = { stream?: { dict: Record<string, QpdfJsonValue>; datafile?: string }; value?: QpdfJsonValue };

/**
 * The qpdf JSON that swaps the new image data in and makes MuPDF's edits (`--update-from-json`): each stream keeps
 * its object and every other key of its dictionary, so all references to it, and the rest of the file, stay exactly
 * as they were; objects referring to a duplicate stream refer to the stream kept instead (qpdf then writes no copy,
 * as it writes only what is referenced), and private data keys go. Also answers which streams it swaps.
 */
export async function objectUpdate(
  path: string,
  replacements: Replacement[],
  edits: ObjectEdits | undefined,
  context: ToolContext,
): Promise<{ update: string; swapped: Set<number> }> {
  const duplicates = new Map(edits?.duplicates ?? []);
  const referring = new Set(edits?.referring ?? []);
  const dropKeys = new Set(edits?.dropKeys.objects ?? []);
  const wanted = new Set([...replacements.map((replacement) => replacement.object), ...referring, ...dropKeys]);
  // The streams kept, for their generation numbers.
  for (const kept of duplicates.values()) wanted.add(kept);
  const current = tempPath(context, 'object-dictionaries', '.json');
  await runQpdfJob(
    {
      inputFile: path,
      outputFile: current,
      jsonOutput: '2',
      jsonStreamData: 'none',
      jsonObject: [...[...wanted].map(String), ...(edits?.trailer ? ['trailer'] : [])],
    },
    context,
  );
  const json = JSON.parse(await readFile(current, 'utf8')) as { qpdf: [unknown, Record<string, QpdfJsonObject>] };
  const [header, objects] = json.qpdf;
  const generations = new Map<number, string>();
  for (const key of Object.keys(objects)) {
    const match = /^obj:(\d+) (\d+) R$/.exec(key);
    if (match) generations.set(Number(match[1]), match[2]!);
  }
  // A stream kept that qpdf does not read where MuPDF did: leave every reference as it is (the copies stay).
  const merge = [...duplicates.values()].every((kept) => generations.has(kept));
  const repoint = (value: QpdfJsonValue): QpdfJsonValue => {
    if (typeof value === 'string') {
      const kept = duplicates.get(Number(/^(\d+) \d+ R$/.exec(value)?.[1]));
      return kept === undefined ? value : `${kept} ${generations.get(kept)} R`;
    }
    if (Array.isArray(value)) return value.map(repoint);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, repoint(item)]));
    }
    return value;
  };

  const updates: Record<string, QpdfJsonObject> = {};
  const swapped = new Set<number>();
  for (const [key, value] of Object.entries(objects)) {
    const object = key === 'trailer' ? undefined : Number(/^obj:(\d+) \d+ R$/.exec(key)?.[1]);
    let edited = false;
    let entry: QpdfJsonObject = value;
    if (merge && (object === undefined || referring.has(object))) {
      entry = value.stream
        ? { stream: { dict: repoint(value.stream.dict) as Record<string, QpdfJsonValue> } }
        : { value: repoint(value.value ?? null) };
      edited = true;
    }
    const dictionary = entry.stream?.dict ?? entry.value;
    if (
      object !== undefined &&
      dropKeys.has(object) &&
      dictionary &&
      typeof dictionary === 'object' &&
      !Array.isArray(dictionary)
    ) {
      const kept = Object.fromEntries(
        Object.entries(dictionary).filter(([name]) => !edits?.dropKeys.keys.includes(name.slice(1))),
      );
      entry = entry.stream ? { stream: { ...entry.stream, dict: kept } } : { value: kept };
      edited = true;
    }
    const replacement = replacements.find((candidate) => candidate.object === object);
    const swappedStream = replacement && entry.stream && swapImage(entry.stream.dict, replacement);
    if (swappedStream) {
      entry = { stream: swappedStream };
      edited = true;
      swapped.add(replacement.object);
    }
    if (edited) updates[key] = entry;
  }
  const update = tempPath(context, 'object-update', '.json');
  await writeFile(update, JSON.stringify({ qpdf: [header, updates] }));
  return { update, swapped };
}

/**
 * The new dictionary and data file of an image stream swapped for `replacement`, or undefined when the stream is
 * not the image MuPDF saw under that number (the two readers disagree: leave it).
 */
function swapImage(
  dict: Record<string, QpdfJsonValue>,
  replacement: Replacement,
): { dict: Record<string, QpdfJsonValue>; datafile: string } | undefined {
  if (dict['/Subtype'] !== '/Image') return undefined;
  if (dict['/Width'] !== replacement.sourceWidth || dict['/Height'] !== replacement.sourceHeight) return undefined;
  const next = { ...dict };
  for (const stale of ['/Length', '/Filter', '/DecodeParms', '/Decode']) {
    if (stale !== '/Decode' || !replacement.keepDecode) delete next[stale];
  }
  next['/Filter'] = replacement.filter;
  if (replacement.decodeParms) next['/DecodeParms'] = replacement.decodeParms;
  next['/Width'] = replacement.width;
  next['/Height'] = replacement.height;
  next['/BitsPerComponent'] = replacement.bitsPerComponent;
  if (replacement.colorSpace) next['/ColorSpace'] = replacement.colorSpace;
  // A colour key beside a soft mask is ignored by readers (PDF 11.6.5.3) and cannot match lossy pixels.
  if (Array.isArray(next['/Mask']) && next['/SMask'] !== undefined) delete next['/Mask'];
  return { dict: next, datafile: replacement.data };
}
