import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { BLUR_VALIDATION, checkRule, useRecheckInvalid } from './formRules';

afterEach(cleanup);

const tooShort = (v: string) => (v.length >= 3 ? null : 'At least 3 letters');
const sameAs = (v: string, get: (name: string) => unknown) => (v === get('name') ? null : 'Not the same');

function Probe({ onFinish }: { onFinish: (values: { name: string; again: string }) => void }) {
  const [form] = Form.useForm<{ name: string; again: string }>();
  const recheck = useRecheckInvalid(form);
  return (
    <Form
      form={form}
      {...BLUR_VALIDATION}
      initialValues={{ name: '', again: '' }}
      onValuesChange={recheck}
      onFinish={onFinish}
    >
      <Form.Item name="name" label="Name" rules={[checkRule(tooShort)]}>
        <Input id="probe-name" />
      </Form.Item>
      <Form.Item name="again" label="Again" rules={[checkRule(sameAs)]}>
        <Input id="probe-again" />
      </Form.Item>
      <Button htmlType="submit">Send</Button>
    </Form>
  );
}

const alerts = () => screen.queryAllByRole('alert').map((el) => el.textContent);

// antd's first render is slow on a busy machine; the checks themselves wait for their signal
describe('form rules', { timeout: 30_000 }, () => {
  it('checks a field on blur, not while typing, and again as an invalid field is fixed', async () => {
    render(<Probe onFinish={() => undefined} />);
    const name = document.getElementById('probe-name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'a' } });
    await Promise.resolve();
    expect(alerts()).toEqual([]);
    fireEvent.blur(name);
    await waitFor(() => expect(alerts()).toEqual(['At least 3 letters']));
    expect(document.querySelector('.form-field__message')?.textContent).toBe('At least 3 letters');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: 'abc' } });
    // the message leaves with an animation; the field is valid at once
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBeNull());
  });

  it('checks every field on submit and passes the values only when all are fine', async () => {
    const onFinish = vi.fn();
    render(<Probe onFinish={onFinish} />);
    const name = document.getElementById('probe-name') as HTMLInputElement;
    const again = document.getElementById('probe-again') as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'abc' } });
    fireEvent.change(again, { target: { value: 'abd' } });
    fireEvent.submit(name.closest('form') as HTMLFormElement);
    await waitFor(() => expect(alerts()).toEqual(['Not the same']));
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(onFinish).not.toHaveBeenCalled();
    fireEvent.change(again, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'abc', again: 'abc' }));
    expect(again.getAttribute('aria-invalid')).toBeNull();
  });
});
