import { renderToStaticMarkup } from 'react-dom/server';
import { createFormControl } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { Field, FieldGroup, FormField, fieldControlProps } from './field';
import { Input } from './ui/input';

/** The attributes of the first element `tag` in the markup, by name. */
function attrs(html: string, tag: string): Record<string, string> {
  const m = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
  if (!m) throw new Error(`no <${tag}> in ${html}`);
  return Object.fromEntries(
    [...(m[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1], a[2] ?? '']),
  );
}

const byId = (html: string, id: string) => new RegExp(`<[^>]+id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('Field', () => {
  it('binds the label to the control and marks nothing when all is well', () => {
    const html = renderToStaticMarkup(
      <Field id="email" label="Email">
        <Input type="email" />
      </Field>,
    );
    expect(attrs(html, 'label').for).toBe('email');
    const input = attrs(html, 'input');
    expect(input.id).toBe('email');
    expect(input.type).toBe('email');
    expect(input).not.toHaveProperty('aria-invalid');
    expect(input).not.toHaveProperty('aria-describedby');
    expect(input).not.toHaveProperty('aria-required');
    expect(html).not.toContain('*');
  });

  it('describes the control by its description and error, and marks it invalid and required', () => {
    const html = renderToStaticMarkup(
      <Field id="zip" label="ZIP code" required description="5 digits." error="Enter a 5-digit US ZIP code">
        <Input />
      </Field>,
    );
    const input = attrs(html, 'input');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-required']).toBe('true');
    expect(input['aria-describedby']).toBe('zip-description zip-error');
    expect(byId(html, 'zip-description')).toBe('5 digits.');
    expect(byId(html, 'zip-error')).toBe('Enter a 5-digit US ZIP code');
    // the error is not an alert of its own: the form's alert or notice says so once
    expect(html).not.toContain('role="alert"');
    // the mark is seen, not read out, and stays outside the label (the label is the field's name)
    expect(html).toMatch(/<\/label><span aria-hidden="true"[^>]*>\*<\/span>/);
    expect(attrs(html, 'label').class).toContain('text-destructive');
  });

  it('gives the attributes to a control inside other elements through a function', () => {
    const html = renderToStaticMarkup(
      <Field id="amount" label="Approved Amount" error="Enter an amount">
        {(control) => (
          <div className="relative">
            <span aria-hidden="true">$</span>
            <Input {...control} />
          </div>
        )}
      </Field>,
    );
    expect(html).toContain('<div class="relative"><span aria-hidden="true">$</span><input');
    expect(attrs(html, 'input').id).toBe('amount');
    expect(attrs(html, 'input')['aria-describedby']).toBe('amount-error');
  });

  it('makes an id when none is given, the same for the label and the control', () => {
    const html = renderToStaticMarkup(
      <Field label="City">
        <Input />
      </Field>,
    );
    expect(attrs(html, 'input').id).toBeTruthy();
    expect(attrs(html, 'label').for).toBe(attrs(html, 'input').id);
  });
});

describe('fieldControlProps', () => {
  it('lists only what is shown', () => {
    expect(fieldControlProps('x', {})).toEqual({ id: 'x' });
    expect(fieldControlProps('x', { description: true })['aria-describedby']).toBe('x-description');
    expect(fieldControlProps('x', { error: 'Bad' })['aria-describedby']).toBe('x-error');
  });
});

describe('FormField (react-hook-form)', () => {
  it("shows the form's value and its error for the field, on the control", () => {
    const form = createFormControl<{ email: string; name: string }>({
      defaultValues: { email: 'dana@example', name: 'Dana' },
    });
    form.setError('email', { message: 'Please enter a valid email address' });
    const html = renderToStaticMarkup(
      <>
        <FormField
          control={form.control}
          id="email"
          name="email"
          label="Email"
          render={(field) => <Input type="email" {...field} />}
        />
        <FormField
          control={form.control}
          id="name"
          name="name"
          label="Name"
          render={(field) => <Input {...field} />}
        />
      </>,
    );
    const [email, name] = [...html.matchAll(/<input\b[^>]*>/g)].map((m) => m[0]);
    expect(email).toContain('value="dana@example"');
    expect(email).toContain('aria-invalid="true"');
    expect(email).toContain('aria-describedby="email-error"');
    expect(byId(html, 'email-error')).toBe('Please enter a valid email address');
    expect(name).toContain('value="Dana"');
    expect(name).not.toContain('aria-invalid=');
    expect(name).not.toContain('aria-describedby=');
  });
});

describe('FieldGroup', () => {
  it('names the group by its legend and describes it by its description and error', () => {
    const html = renderToStaticMarkup(
      <FieldGroup
        id="urgency"
        role="radiogroup"
        legend="Urgency"
        required
        description="How soon."
        error="Choose one"
      >
        <input type="radio" name="u" value="soon" />
      </FieldGroup>,
    );
    const fieldset = attrs(html, 'fieldset');
    expect(fieldset.role).toBe('radiogroup');
    expect(fieldset['aria-labelledby']).toBe('urgency-legend');
    expect(fieldset['aria-describedby']).toBe('urgency-description urgency-error');
    expect(fieldset['aria-invalid']).toBe('true');
    expect(fieldset['aria-required']).toBe('true');
    expect(html).toMatch(
      /<legend id="urgency-legend"[^>]*><span[^>]*>Urgency<\/span><span aria-hidden="true"/,
    );
    expect(byId(html, 'urgency-error')).toBe('Choose one');
  });

  it('is a plain group without aria-required unless it is a radio group', () => {
    const html = renderToStaticMarkup(
      <FieldGroup id="states" legend="Working States" required>
        <input type="checkbox" />
      </FieldGroup>,
    );
    const fieldset = attrs(html, 'fieldset');
    expect(fieldset).not.toHaveProperty('role');
    expect(fieldset).not.toHaveProperty('aria-required');
    expect(fieldset).not.toHaveProperty('aria-describedby');
  });
});
