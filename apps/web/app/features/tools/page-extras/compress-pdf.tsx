import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { sizeHeaders } from '@paperknife/catalog/http-api';
import { Layers, ShieldCheck, Zap } from 'lucide-react';
import { Cards, Steps, cardIcon } from '~/features/tools/components/page-sections';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { formatBytes } from '~/lib/format-size';

const { medium, high } = compressLevelImages;

function CompressSections() {
  return (
    <>
      <Steps
        title="How to compress a PDF"
        steps={[
          {
            title: 'Upload your PDF',
            text: 'Drop the file on the box above or browse for it. Your browser checks it first.',
          },
          {
            title: 'Choose a level',
            text: `Low keeps every pixel; Medium and High resample large images to ${medium.dpi} or ${high.dpi} dpi.`,
          },
          { title: 'Download', text: 'Get the smaller PDF and see how much you saved. It is never larger than yours.' },
        ]}
      />
      <Cards
        title="Why compress PDF files?"
        cards={[
          {
            icon: cardIcon(Zap),
            title: 'Send and upload faster',
            text: 'Smaller files fit email limits and upload forms, and open faster on phones.',
          },
          {
            icon: cardIcon(Layers),
            title: 'Text stays sharp',
            text: 'Only images are resampled: text and vector drawings stay exactly as they were.',
          },
          {
            icon: cardIcon(ShieldCheck),
            title: 'Nothing kept',
            text: 'Your file is processed in a private folder that is deleted as soon as the answer is sent.',
          },
        ]}
      />
    </>
  );
}

/** The sizes before and after, from the answer's size headers. */
function SizeSavings({ headers }: RunResult) {
  const before = Number(headers[sizeHeaders.original.name]);
  const after = Number(headers[sizeHeaders.output.name]);
  if (!(before > 0 && after > 0)) return null;
  const imagesHeader = headers[sizeHeaders.imagesRecompressed.name];
  const images = imagesHeader === undefined ? undefined : Number(imagesHeader);
  const unchanged = headers[sizeHeaders.result.name] === 'unchanged' || before === after;
  const saved = Math.max(0, Math.round((1 - after / before) * 1000) / 10);
  return (
    <section aria-label="Compression result" className="grid gap-2 rounded-xl border bg-card p-6 sm:grid-cols-3">
      <p>
        <span className="block text-sm text-muted-foreground">Before</span>
        <span className="text-2xl font-semibold" data-testid="size-before">
          {formatBytes(before)}
        </span>
      </p>
      <p>
        <span className="block text-sm text-muted-foreground">After</span>
        <span className="text-2xl font-semibold" data-testid="size-after">
          {formatBytes(after)}
        </span>
      </p>
      <p>
        <span className="block text-sm text-muted-foreground">Saved</span>
        <span className="text-2xl font-semibold text-success" data-testid="size-saved">
          {saved}%
        </span>
      </p>
      {unchanged ? (
        <p className="text-sm text-muted-foreground sm:col-span-3">
          This PDF was already as small as this level can make it, so you got it back unchanged. Try a higher level.
        </p>
      ) : images !== undefined ? (
        <p className="text-sm text-muted-foreground sm:col-span-3" data-testid="images-recompressed">
          {images === 0
            ? 'No image needed resampling: the saving comes from the rest of the file.'
            : `${images} ${images === 1 ? 'image' : 'images'} resampled or re-encoded.`}
        </p>
      ) : null}
    </section>
  );
}

export const pageExtras: ToolPageExtras = { Sections: CompressSections, AfterSuccess: SizeSavings };
