import {
  COMPARE_ATTACHMENT,
  type CompareDifferences,
  parseCompareDifferences,
} from '@paperknife/catalog/compare-differences';
import { readAttachment } from '~/features/tools/page-view/pdf-pages';

/** The differences of a comparison's answer: the JSON itself, or the JSON attached to the PDF report. */
export async function differencesOf(output: Blob): Promise<CompareDifferences | undefined> {
  if (output.type.includes('json')) return parseCompareDifferences(await output.text());
  const attached = await readAttachment(output, COMPARE_ATTACHMENT);
  return attached ? parseCompareDifferences(new TextDecoder().decode(attached)) : undefined;
}
