import { type ContactField, contactFieldNames, contactFields, parseContact } from '@paperknife/catalog/contact';
import { Loader2, Send } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from '~/components/ui/toast';
import { SUPPORT_REPLY_TIME } from '~/lib/page-meta';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';

type FieldErrors = Partial<Record<ContactField, string>>;

/** The first problem of each field, in the server's words (one schema for both); empty when it can be sent. */
export function validateContact(values: Record<ContactField, string>): FieldErrors {
  const parsed = parseContact(values);
  return 'errors' in parsed ? parsed.errors : {};
}

interface ContactErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

export function ContactForm() {
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
    setErrors((previous) => ({ ...previous, [name]: validateContact(values)[name] }));
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
    const found = validateContact(values);
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
        toast.success('Message sent!', {
          description: `Thank you for writing. We reply ${SUPPORT_REPLY_TIME}.`,
        });
        return;
      }
      const body = (await response.json().catch(() => ({}))) as ContactErrorBody;
      const serverErrors = Object.fromEntries(
        Object.entries(body.error?.fields ?? {}).filter(([name]) => name in contactFields),
      ) as FieldErrors;
      if (Object.keys(serverErrors).length > 0) {
        showErrors(serverErrors);
        return;
      }
      toast.error('Error', {
        description: body.error?.message ?? 'Your message could not be sent. Please try again.',
      });
    } catch {
      toast.error('Error', {
        description: 'Your message could not be sent. Check your connection and try again.',
      });
    } finally {
      setSending(false);
    }
  }

  function field(name: ContactField, control: 'input' | 'textarea' = 'input') {
    const { label, maxLength, autoComplete } = contactFields[name];
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
        <Label htmlFor={id}>{label}</Label>
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
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Contact form">
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
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
