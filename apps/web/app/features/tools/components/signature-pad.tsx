import '@fontsource/caveat/latin-400.css';
import '@fontsource/dancing-script/latin-400.css';
import '@fontsource/great-vibes/latin-400.css';
import { type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { useI18n } from '~/i18n/i18n-context';
import { SelectField, TextField } from './option-fields';
import { signaturePng, uploadedSignature } from '~/features/tools/utils/signature-image';

/** Handwriting fonts for typed signatures (npm @fontsource packages, SIL Open Font License). */
const FONTS = [
  { value: 'Dancing Script', label: 'Dancing Script' },
  { value: 'Great Vibes', label: 'Great Vibes' },
  { value: 'Caveat', label: 'Caveat' },
] as const;

const PAD_WIDTH = 600;
const PAD_HEIGHT = 200;
const INK = '#1a2a6c';

type Mode = 'draw' | 'type' | 'upload';
interface Point {
  x: number;
  y: number;
}

/** A point of the pointer event in the canvas's own pixels. */
function canvasPoint(event: PointerEvent<HTMLCanvasElement>): Point {
  const rect = event.currentTarget.getBoundingClientRect();
  return {
    x: ((event.clientX - rect.left) * event.currentTarget.width) / rect.width,
    y: ((event.clientY - rect.top) * event.currentTarget.height) / rect.height,
  };
}

/** The drawing pad: strokes smoothed by quadratic curves through the midpoints of the pointer's samples. */
function DrawPad({ onSignature }: { onSignature: (png: string | undefined) => void }) {
  const { t } = useI18n();
  const canvas = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<Point[] | null>(null);

  const context = () => {
    const drawing = canvas.current?.getContext('2d');
    if (!drawing) return undefined;
    drawing.strokeStyle = INK;
    drawing.fillStyle = INK;
    drawing.lineCap = 'round';
    drawing.lineJoin = 'round';
    drawing.lineWidth = 4;
    return drawing;
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    const point = canvasPoint(event);
    stroke.current = [point];
    const drawing = context();
    drawing?.beginPath();
    drawing?.arc(point.x, point.y, 2, 0, Math.PI * 2);
    drawing?.fill();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    const points = stroke.current;
    const drawing = context();
    if (!points || !drawing) return;
    // Pens and touch screens report more samples than one event carries.
    const samples = event.nativeEvent.getCoalescedEvents?.() ?? [];
    const rect = event.currentTarget.getBoundingClientRect();
    const scaleX = event.currentTarget.width / rect.width;
    const scaleY = event.currentTarget.height / rect.height;
    const next = samples.length
      ? samples.map((sample) => ({ x: (sample.clientX - rect.left) * scaleX, y: (sample.clientY - rect.top) * scaleY }))
      : [canvasPoint(event)];
    for (const point of next) {
      points.push(point);
      if (points.length < 3) continue;
      const [a, b, c] = points.slice(-3) as [Point, Point, Point];
      drawing.beginPath();
      drawing.moveTo((a.x + b.x) / 2, (a.y + b.y) / 2);
      drawing.quadraticCurveTo(b.x, b.y, (b.x + c.x) / 2, (b.y + c.y) / 2);
      drawing.stroke();
    }
  };

  const end = () => {
    if (!stroke.current) return;
    stroke.current = null;
    const target = canvas.current;
    if (target) onSignature(signaturePng(target, target.width, target.height));
  };

  const clear = () => {
    const target = canvas.current;
    target?.getContext('2d')?.clearRect(0, 0, target.width, target.height);
    onSignature(undefined);
  };

  return (
    <div className="grid gap-2">
      <canvas
        ref={canvas}
        width={PAD_WIDTH}
        height={PAD_HEIGHT}
        role="img"
        aria-label={t('sign.drawArea')}
        data-testid="signature-pad"
        className="aspect-[3/1] w-full cursor-crosshair touch-none rounded-md border border-input bg-white"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      />
      <p className="text-xs text-muted-foreground">{t('sign.drawArea')}</p>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={clear}>
          {t('sign.clear')}
        </Button>
      </div>
    </div>
  );
}

/** A typed name drawn in a handwriting font, once the font has loaded. */
function TypePad({ onSignature }: { onSignature: (png: string | undefined) => void }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [font, setFont] = useState<string>(FONTS[0].value);
  // The latest callback, without drawing again each time the form hands a new one.
  const report = useRef(onSignature);
  report.current = onSignature;

  useEffect(() => {
    let current = true;
    const text = name.trim();
    if (!text) {
      report.current(undefined);
      return;
    }
    const css = `96px "${font}"`;
    void document.fonts.load(css, text).then(() => {
      if (!current) return;
      const canvas = document.createElement('canvas');
      const measure = canvas.getContext('2d');
      if (!measure) return;
      measure.font = css;
      canvas.width = Math.ceil(measure.measureText(text).width + 40);
      canvas.height = 160;
      const drawing = canvas.getContext('2d')!;
      drawing.font = css;
      drawing.fillStyle = INK;
      drawing.textBaseline = 'middle';
      drawing.fillText(text, 20, 80);
      report.current(signaturePng(canvas, canvas.width, canvas.height));
    });
    return () => {
      current = false;
    };
  }, [name, font]);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label={t('sign.typedName')} value={name} onChange={setName} autoComplete="name" />
      <SelectField label={t('sign.font')} value={font} onChange={setFont} options={FONTS} />
      {name.trim() ? (
        <p className="text-4xl sm:col-span-2" style={{ fontFamily: `"${font}", cursive`, color: INK }}>
          {name}
        </p>
      ) : null}
    </div>
  );
}

function UploadPad({ onSignature }: { onSignature: (png: string | undefined) => void }) {
  const { t } = useI18n();
  const id = useId();
  const [unreadable, setUnreadable] = useState(false);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('sign.chooseImage')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg"
        className="text-sm"
        onChange={(event) => {
          const file = event.target.files?.[0];
          setUnreadable(false);
          if (!file) return;
          uploadedSignature(file).then(onSignature, () => {
            setUnreadable(true);
            onSignature(undefined);
          });
        }}
      />
      <p className="text-xs text-muted-foreground">{t('sign.uploadHint')}</p>
      {unreadable ? (
        <p role="alert" className="text-sm text-destructive">
          {t('sign.imageUnreadable')}
        </p>
      ) : null}
    </div>
  );
}

/** The signature drawn, typed or uploaded; hands back a PNG data URL (undefined while there is none). */
export function SignaturePad({ onSignature }: { onSignature: (png: string | undefined) => void }) {
  const { t } = useI18n();
  const [mode, setMode] = useState<Mode>('draw');
  const modes: Mode[] = ['draw', 'type', 'upload'];
  return (
    <div className="grid gap-3">
      <div role="tablist" className="flex gap-2">
        {modes.map((each) => (
          <button
            key={each}
            type="button"
            role="tab"
            aria-selected={mode === each}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm',
              mode === each ? 'border-primary bg-primary text-primary-foreground' : 'border-input',
            )}
            onClick={() => {
              setMode(each);
              onSignature(undefined);
            }}
          >
            {t(`sign.${each}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {mode === 'draw' ? <DrawPad onSignature={onSignature} /> : null}
        {mode === 'type' ? <TypePad onSignature={onSignature} /> : null}
        {mode === 'upload' ? <UploadPad onSignature={onSignature} /> : null}
      </div>
    </div>
  );
}
