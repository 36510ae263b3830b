import {
  TEXT_SIZE,
  type TextAlignment,
  type TextFont,
  textAlignments,
  textFonts,
} from '@paperknife/catalog/tools/add-text-images';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Textarea } from '~/components/ui/textarea';
import { useI18n } from '~/i18n/i18n-context';
import { CheckboxField, ColorField, Field, SelectField, SliderField } from './option-fields';
import type { EditedItem } from '~/features/tools/utils/placed-items';

/** The settings of the text box or picture picked on the page: its words, font, size, colour, alignment, opacity. */
export function PlacedItemSettings({
  item,
  label,
  textId,
  onChange,
  onRemove,
}: {
  item: EditedItem;
  /** The item's name ("Text box 1 on page 2"). */
  label: string;
  /** The text field's id, which the panel focuses when it adds a text box. */
  textId: string;
  onChange: (change: Partial<EditedItem>) => void;
  onRemove: () => void;
}) {
  const { t } = useI18n();
  const fontNames: Record<TextFont, string> = {
    sans: t('addText.font.sans'),
    serif: t('addText.font.serif'),
    mono: t('addText.font.mono'),
  };
  const alignNames: Record<TextAlignment, string> = {
    start: t('addText.align.start'),
    left: t('addText.align.left'),
    center: t('addText.align.center'),
    right: t('addText.align.right'),
  };

  return (
    <fieldset className="grid gap-4 rounded-md border border-input p-4">
      <legend className="px-1 text-sm font-medium">{t('addText.settings', { item: label })}</legend>
      {item.kind === 'text' ? (
        <>
          <div className="grid gap-2">
            <label htmlFor={textId} className="text-sm font-medium">
              {t('addText.text')}
            </label>
            <Textarea
              id={textId}
              dir="auto"
              rows={3}
              value={item.text}
              onChange={(event) => onChange({ text: event.target.value })}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField
              label={t('addText.font')}
              value={item.font}
              onChange={(next) => onChange({ font: next as TextFont })}
              options={textFonts.map((value) => ({ value, label: fontNames[value] }))}
            />
            <Field label={t('addText.size')}>
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  min={TEXT_SIZE.min}
                  max={TEXT_SIZE.max}
                  value={item.size}
                  onChange={(event) => onChange({ size: Number(event.target.value) || TEXT_SIZE.min })}
                />
              )}
            </Field>
            <SelectField
              label={t('addText.align')}
              value={item.align}
              onChange={(next) => onChange({ align: next as TextAlignment })}
              options={textAlignments.map((value) => ({ value, label: alignNames[value] }))}
            />
            <ColorField
              label={t('addText.colour')}
              value={item.color}
              fallback="#000000"
              onChange={(color) => onChange({ color })}
            />
            <div className="self-end pb-2">
              <CheckboxField label={t('addText.bold')} checked={item.bold} onChange={(bold) => onChange({ bold })} />
            </div>
          </div>
        </>
      ) : null}
      <SliderField
        label={t('addText.opacity')}
        value={String(Math.round(item.opacity * 100))}
        onChange={(next) => onChange({ opacity: Math.max(5, Number(next)) / 100 })}
        min={5}
        max={100}
        step={5}
        unit="%"
      />
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => onRemove()}>
          {t('addText.remove')}
        </Button>
      </div>
    </fieldset>
  );
}
