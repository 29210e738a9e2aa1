import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { LightField, useLightForm } from './lightForm';

afterEach(cleanup);

interface Values extends Record<string, string> {
  name: string;
  again: string;
  code: string;
}

const EMPTY: Values = { name: '', again: '', code: '' };

function Probe({ onValid }: { onValid: (values: Values) => void }) {
  const form = useLightForm<Values>({
    initial: EMPTY,
    checks: {
      name: (v) => (v.length >= 3 ? null : 'At least 3 letters'),
      again: (v, all) => (v === all.name ? null : 'Not the same'),
      code: (v) => (v.length === 2 ? null : 'Two digits'),
    },
    submitOnly: ['code'],
  });
  return (
    <form onSubmit={form.submit(onValid)} noValidate>
      {(['name', 'again', 'code'] as const).map((name) => (
        <LightField key={name} htmlFor={`probe-${name}`} label={name} error={form.errors[name]}>
          <input
            id={`probe-${name}`}
            value={form.values[name]}
            onChange={(e) => form.setValue(name, e.target.value)}
            onBlur={() => form.blur(name)}
          />
        </LightField>
      ))}
      <button type="submit">Send</button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
    </form>
  );
}

const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent);
const input = (name: string) => document.getElementById(`probe-${name}`) as HTMLInputElement;

describe('the light form of the signed-out dialogs', () => {
  it('checks a field on blur, not while typing, and again as an invalid field is fixed', () => {
    render(<Probe onValid={() => undefined} />);
    fireEvent.change(input('name'), { target: { value: 'a' } });
    expect(alerts()).toEqual([]);
    fireEvent.blur(input('name'));
    expect(alerts()).toEqual(['At least 3 letters']);
    expect(document.querySelector('.form-field__message')?.closest('.light-field--error')).not.toBeNull();
    fireEvent.change(input('name'), { target: { value: 'abc' } });
    expect(alerts()).toEqual([]);
  });

  it('checks every field on submit and sends only valid values', () => {
    const onValid = vi.fn();
    render(<Probe onValid={onValid} />);
    // a field checked on submit only says nothing when it loses focus
    fireEvent.change(input('code'), { target: { value: '1' } });
    fireEvent.blur(input('code'));
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByText('Send'));
    expect(alerts()).toEqual(['At least 3 letters', 'Two digits']);
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(input('name'), { target: { value: 'ada' } });
    fireEvent.change(input('again'), { target: { value: 'ad' } });
    fireEvent.change(input('code'), { target: { value: '12' } });
    fireEvent.click(screen.getByText('Send'));
    expect(alerts()).toEqual(['Not the same']);
    fireEvent.change(input('again'), { target: { value: 'ada' } });
    expect(alerts()).toEqual([]);
    fireEvent.click(screen.getByText('Send'));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ name: 'ada', again: 'ada', code: '12' });
  });

  it('resets values and messages', () => {
    render(<Probe onValid={() => undefined} />);
    fireEvent.change(input('name'), { target: { value: 'a' } });
    fireEvent.click(screen.getByText('Send'));
    expect(alerts().length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('Reset'));
    expect(alerts()).toEqual([]);
    expect(input('name').value).toBe('');
  });
});
