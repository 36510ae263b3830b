import { Button } from '~/components/ui/button';
import { useI18n } from '~/i18n/i18n-context';
import { formatSizeLimit } from '~/lib/format-size';
import { siteConfig } from '~/site-config';
import type { DeviceLimit } from './device-protocol';

/** A question the page asks before a job the device cannot do goes to the server; never answered for the visitor. */
export interface UploadQuestion {
  limit: DeviceLimit;
  /** The files are larger than the server takes: they cannot be uploaded either. */
  tooLargeForServer: boolean;
  answer: (upload: boolean) => void;
}

const questionKeys: Record<DeviceLimit, string> = {
  'needs-repair': 'runWhere.ask.needsRepair',
  'needs-ocr': 'runWhere.ask.needsOcr',
  'too-large': 'runWhere.ask.tooLarge',
  'no-device-way': 'runWhere.ask.noDeviceWay',
};

export function UploadQuestionPanel({ question }: { question: UploadQuestion }) {
  const { t, tag } = useI18n();
  const limit = formatSizeLimit(siteConfig.limits.maxFileBytes, tag);
  return (
    <div
      role="alertdialog"
      aria-labelledby="upload-question"
      className="grid gap-3 rounded-lg border border-primary p-4"
    >
      <p id="upload-question" className="text-sm font-medium">
        {t(questionKeys[question.limit])}
        {question.tooLargeForServer ? ` ${t('runWhere.ask.tooLargeForServer', { limit })}` : ''}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {question.tooLargeForServer ? null : (
          <Button onClick={() => question.answer(true)}>{t('runWhere.ask.upload')}</Button>
        )}
        <Button variant="outline" onClick={() => question.answer(false)}>
          {t(question.tooLargeForServer ? 'runWhere.ask.close' : 'runWhere.ask.keep')}
        </Button>
      </div>
    </div>
  );
}
