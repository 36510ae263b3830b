import { type ToolId, pageNumberPositions, toolUi, watermarkPositions } from '@paperknife/catalog/tools';
import { Input } from '../ui/input';
import type { FormValues } from '../../lib/tool-form';
import { CheckboxField, Field, RadioCards, SelectField, SliderField, TextField } from './option-fields';

const PAGES_HINT = 'Page numbers and ranges, e.g. 1-3,5,7-9. Leave empty for every page.';

const positionLabel = (position: string) =>
  position
    .split('-')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');

/** The option controls of one tool, with the seed's defaults preselected. Tools without options render nothing. */
export function ToolOptions({
  id,
  values,
  onChange,
}: {
  id: ToolId;
  values: FormValues;
  onChange: (name: string, value: string | boolean) => void;
}) {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };
  const bind = (name: string) => ({ value: text(name), onChange: (value: string) => onChange(name, value) });
  // Shared by watermark and page numbers, each with its own positions and font sizes from the catalogue.
  const positionField = (positions: readonly string[]) => (
    <SelectField
      label="Position"
      {...bind('position')}
      options={positions.map((value) => ({ value, label: positionLabel(value) }))}
    />
  );
  const fontSizeField = ({ min, max, step }: { min: number; max: number; step: number }) => (
    <SliderField label="Font size" {...bind('fontSize')} min={min} max={max} step={step} unit=" pt" />
  );
  const pagesField = <TextField label="Pages" {...bind('pages')} placeholder="All pages" hint={PAGES_HINT} />;

  switch (id) {
    case 'compress-pdf':
      return (
        <RadioCards
          legend="Compression level"
          name="level"
          {...bind('level')}
          options={[
            { value: 'low', label: 'Low', description: 'Lossless clean-up: quality untouched, smaller savings.' },
            {
              value: 'medium',
              label: 'Medium',
              description: 'Images above 150 dpi resampled: good quality, good savings.',
            },
            { value: 'high', label: 'High', description: 'Images at 96 dpi: smallest file, for screens and email.' },
          ]}
        />
      );
    case 'split-pdf':
      return (
        <div className="grid gap-4">
          <RadioCards
            legend="Choose Method"
            name="mode"
            {...bind('mode')}
            options={[
              { value: 'pages', label: 'Each page', description: 'One PDF per page.' },
              { value: 'ranges', label: 'Custom ranges', description: 'One PDF per range you type.' },
              { value: 'every', label: 'Every N pages', description: 'Equal parts of N pages each.' },
            ]}
          />
          {text('mode') === 'ranges' ? (
            <TextField
              label="Ranges"
              {...bind('ranges')}
              placeholder="1-3,4-6,7-"
              hint="One file per range, e.g. 1-3,4-6,7- (7- means page 7 to the end)."
            />
          ) : null}
          {text('mode') === 'every' ? <TextField label="Pages per file" type="number" {...bind('every')} /> : null}
        </div>
      );
    case 'rotate-pdf':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Rotation angle"
            {...bind('angle')}
            options={[
              { value: '90', label: '90° clockwise' },
              { value: '180', label: '180°' },
              { value: '270', label: '270° clockwise (90° counter-clockwise)' },
            ]}
          />
          <SelectField
            label="Pages to rotate"
            {...bind('scope')}
            options={[
              { value: 'all', label: 'All pages' },
              { value: 'selected', label: 'Selected pages' },
            ]}
          />
          {text('scope') === 'selected' ? (
            <TextField
              label="Pages"
              {...bind('pages')}
              placeholder="1-3,5"
              hint="Page numbers and ranges, e.g. 1-3,5."
            />
          ) : null}
        </div>
      );
    case 'protect-pdf':
      return (
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              {...bind('userPassword')}
              hint={`At least ${toolUi.protect.passwordMinLength} characters.`}
            />
            <TextField
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              {...bind('confirmPassword')}
            />
          </div>
          <details className="rounded-lg border p-4">
            <summary className="cursor-pointer text-sm font-medium">Permissions and owner password</summary>
            <div className="mt-4 grid gap-3">
              <CheckboxField
                label="Allow printing"
                checked={values['allowPrinting'] === true}
                onChange={(value) => onChange('allowPrinting', value)}
              />
              <CheckboxField
                label="Allow copying text and images"
                checked={values['allowCopying'] === true}
                onChange={(value) => onChange('allowCopying', value)}
              />
              <CheckboxField
                label="Allow editing"
                checked={values['allowEditing'] === true}
                onChange={(value) => onChange('allowEditing', value)}
              />
              <TextField
                label="Owner password (optional)"
                type="password"
                autoComplete="new-password"
                {...bind('ownerPassword')}
                hint="Needed to change the permissions later. Left empty, a random one is used."
              />
            </div>
          </details>
        </div>
      );
    case 'unlock-pdf':
      return (
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...bind('password')}
          hint="The password that opens the PDF, or its owner password. Leave empty if the PDF opens without one and only blocks printing or copying."
        />
      );
    case 'watermark-pdf': {
      const { opacityPercent, fontSize } = toolUi.watermark;
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField label="Watermark text" {...bind('text')} placeholder="CONFIDENTIAL" />
          </div>
          {positionField(watermarkPositions)}
          <SliderField
            label="Opacity"
            {...bind('opacity')}
            min={opacityPercent.min}
            max={opacityPercent.max}
            step={opacityPercent.step}
            unit="%"
          />
          {fontSizeField(fontSize)}
          <ColorField value={text('color')} onChange={(value) => onChange('color', value)} />
          <SliderField
            label="Rotation"
            {...bind('rotation')}
            min={toolUi.watermark.rotation.min}
            max={toolUi.watermark.rotation.max}
            step={toolUi.watermark.rotation.step}
            unit="°"
          />
          {pagesField}
        </div>
      );
    }
    case 'page-numbers': {
      const { fontSize } = toolUi.pageNumbers;
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          {positionField(pageNumberPositions)}
          <TextField label="Starting number" type="number" {...bind('startNumber')} />
          {fontSizeField(fontSize)}
          <TextField
            label="Format"
            {...bind('format')}
            hint="{n} is the page number, {total} the page count, e.g. Page {n} of {total}."
          />
          {pagesField}
        </div>
      );
    }
    case 'pdf-to-jpg':
      return (
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Resolution"
            {...bind('dpi')}
            options={toolUi.pdfToJpg.dpiChoices.map(({ dpi, label }) => ({ value: String(dpi), label }))}
          />
          <SliderField
            label="JPEG quality"
            {...bind('quality')}
            min={toolUi.pdfToJpg.quality.min}
            max={toolUi.pdfToJpg.quality.max}
            step={toolUi.pdfToJpg.quality.step}
          />
        </div>
      );
    case 'extract-pages':
    case 'delete-pages':
      return (
        <TextField
          label={id === 'extract-pages' ? 'Pages to extract' : 'Pages to delete'}
          {...bind('pages')}
          placeholder="1-3,5,7-9"
          hint={id === 'extract-pages' ? 'The new PDF keeps the order you write.' : 'At least one page has to stay.'}
        />
      );
    default:
      return null;
  }
}

function ColorField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Field label="Colour">
      {(id) => (
        <div className="flex gap-2">
          <input
            type="color"
            aria-label="Pick a colour"
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : toolUi.watermark.color}
            onChange={(event) => onChange(event.target.value)}
            className="h-10 w-14 cursor-pointer rounded-md border border-input bg-background p-1"
          />
          <Input id={id} value={value} maxLength={7} onChange={(event) => onChange(event.target.value)} />
        </div>
      )}
    </Field>
  );
}
