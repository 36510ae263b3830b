import { type ContactField, contactFieldNames, contactFields, parseContact } from '@paperknife/catalog/contact';
import { Loader2, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import type { Translator } from '@paperknife/i18n/translator';
import { toast } from '~/components/ui/toast';
import { useI18n } from '~/i18n/i18n-context';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';

type FieldErrors = Partial<Record<ContactField, string>>;

/**
 * The first problem of each field, found by the server's own schema (one schema for both), in the page's words:
 * a blank field, a too long one, or an email address that is not one. Empty when it can be sent.
 */
export function validateContact(values: Record<ContactField, string>, i18n: Translator): FieldErrors {
  const parsed = parseContact(values);
  if (!('errors' in parsed)) return {};
  return Object.fromEntries(
    contactFieldNames
      .filter((name) => parsed.errors[name])
      .map((name) => [name, problemWords(name, values[name], i18n)]),
  );
}

function problemWords(name: ContactField, value: string, { t }: Translator): string {
  if (name === 'email') return t('contact.error.email');
  const { maxLength } = contactFields[name];
  if (value.trim() === '') return t(`contact.error.${name}.missing`);
  return t(`contact.error.${name}.tooLong`, { max: maxLength });
}

interface ContactErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

export function ContactForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  function showErrors(found: FieldErrors) {
    setErrors(found);
    const first = contactFieldNames.find((name) => found[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  /** Once a field was refused, it is checked again as the person types, so the message goes when it is fixed. */
  function recheck(name: ContactField, value: string) {
    if (!errors[name]) return;
    const values = { ...currentValues(), [name]: value };
    setErrors((previous) => ({ ...previous, [name]: validateContact(values, i18n)[name] }));
  }

  function currentValues(): Record<ContactField, string> {
    const data = new FormData(formRef.current ?? undefined);
    return Object.fromEntries(contactFieldNames.map((name) => [name, String(data.get(name) ?? '')])) as Record<
      ContactField,
      string
    >;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const values = currentValues();
    const found = validateContact(values, i18n);
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setSending(true);
    try {
      const website = String(new FormData(event.currentTarget).get('website') ?? '');
      const response = await fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...values, ...(website ? { website } : {}) }),
      });
      if (response.ok) {
        formRef.current?.reset();
        setErrors({});
        toast.success(t('contact.sent.title'), {
          description: t('contact.sent.text', { replyTime: t('site.supportReplyTime') }),
        });
        return;
      }
      const body = (await response.json().catch(() => ({}))) as ContactErrorBody;
      const serverErrors = Object.fromEntries(
        contactFieldNames
          .filter((name) => body.error?.fields?.[name])
          .map((name) => [name, problemWords(name, values[name], i18n)]),
      ) as FieldErrors;
      if (Object.keys(serverErrors).length > 0) {
        showErrors(serverErrors);
        return;
      }
      toast.error(t('toast.error'), {
        description: body.error?.message ?? t('contact.error.notSent'),
      });
    } catch {
      toast.error(t('toast.error'), { description: t('contact.error.offline') });
    } finally {
      setSending(false);
    }
  }

  function field(name: ContactField, control: 'input' | 'textarea' = 'input') {
    const { maxLength, autoComplete } = contactFields[name];
    const error = errors[name];
    const id = `contact-${name}`;
    const shared = {
      id,
      name,
      maxLength,
      autoComplete,
      required: true,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (event: { target: { value: string } }) => recheck(name, event.target.value),
    };
    return (
      <div className="space-y-2">
        <Label htmlFor={id}>{t(`contact.field.${name}`)}</Label>
        {control === 'textarea' ? (
          <Textarea {...shared} rows={6} />
        ) : (
          <Input {...shared} type={name === 'email' ? 'email' : 'text'} />
        )}
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" aria-label={t('contact.form')}>
      <div className="grid gap-5 sm:grid-cols-2">
        {field('firstName')}
        {field('lastName')}
      </div>
      {field('email')}
      {field('subject')}
      {field('message', 'textarea')}
      {/* Left empty by people, who never see it; bots that fill every field are answered but not stored. */}
      <div className="hidden" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
        {sending ? t('contact.sending') : t('contact.send')}
      </Button>
    </form>
  );
}
