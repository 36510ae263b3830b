import { compressLevelImages } from '@paperknife/catalog/compress-levels';
import { sizeHeaders } from '@paperknife/catalog/http-api';
import { Layers, ShieldCheck, Zap } from 'lucide-react';
import { Cards, Steps } from '~/features/tools/components/page-sections';
import type { RunResult, ToolPageExtras } from '~/features/tools/tool-page-extras';
import { useI18n } from '~/i18n/i18n-context';
import { formatBytes, formatPercent } from '~/lib/format-size';

const { medium, high } = compressLevelImages;

function CompressSections() {
  return (
    <>
      <Steps id="compress-howto" count={3} values={{ mediumDpi: medium.dpi, highDpi: high.dpi }} />
      <Cards id="compress-why" icons={[Zap, Layers, ShieldCheck]} />
    </>
  );
}

/** The sizes before and after, from the answer's size headers. */
function SizeSavings({ headers }: RunResult) {
  const { t, tag } = useI18n();
  const before = Number(headers[sizeHeaders.original.name]);
  const after = Number(headers[sizeHeaders.output.name]);
  if (!(before > 0 && after > 0)) return null;
  const imagesHeader = headers[sizeHeaders.imagesRecompressed.name];
  const images = imagesHeader === undefined ? undefined : Number(imagesHeader);
  const unchanged = headers[sizeHeaders.result.name] === 'unchanged' || before === after;
  const saved = Math.max(0, Math.round((1 - after / before) * 1000) / 10);
  return (
    <section
      aria-label={t('compress.result.label')}
      className="grid gap-2 rounded-xl border bg-card p-6 sm:grid-cols-3"
    >
      <p>
        <span className="block text-sm text-muted-foreground">{t('compress.result.before')}</span>
        <span className="text-2xl font-semibold" data-testid="size-before">
          {formatBytes(before, tag)}
        </span>
      </p>
      <p>
        <span className="block text-sm text-muted-foreground">{t('compress.result.after')}</span>
        <span className="text-2xl font-semibold" data-testid="size-after">
          {formatBytes(after, tag)}
        </span>
      </p>
      <p>
        <span className="block text-sm text-muted-foreground">{t('compress.result.saved')}</span>
        <span className="text-2xl font-semibold text-success" data-testid="size-saved">
          {formatPercent(saved, tag)}
        </span>
      </p>
      {unchanged ? (
        <p className="text-sm text-muted-foreground sm:col-span-3">{t('compress.result.unchanged')}</p>
      ) : images !== undefined ? (
        <p className="text-sm text-muted-foreground sm:col-span-3" data-testid="images-recompressed">
          {images === 0 ? t('compress.result.noImages') : t('compress.result.images', { count: images })}
        </p>
      ) : null}
    </section>
  );
}

export const pageExtras: ToolPageExtras = { Sections: CompressSections, AfterSuccess: SizeSavings };
