/**
 * A one-line title that shows all of itself: a borderless text area that wraps a long title onto
 * up to three lines instead of cutting it off. Enter saves (blurs) rather than adding a line, and
 * pasted line breaks become spaces, so the value stays a single-line title.
 */
import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

export interface TitleInputProps extends Omit<TextAreaProps, 'onChange' | 'onPressEnter' | 'value'> {
  /** Optional inside a Form.Item, which supplies both. */
  value?: string;
  onChange?: (value: string) => void;
  /** Enter: by default the field blurs, which saves through onBlur. */
  onEnter?: (e: React.KeyboardEvent<HTMLTextAreaElement>) => void;
}

export function TitleInput({
  value,
  onChange,
  onEnter,
  maxRows = 3,
  ...rest
}: TitleInputProps & { maxRows?: number }) {
  return (
    <Input.TextArea
      variant="borderless"
      autoSize={{ minRows: 1, maxRows }}
      {...rest}
      value={value}
      onChange={(e) => onChange?.(e.target.value.replace(/[\r\n]+/g, ' '))}
      onPressEnter={(e) => {
        if (e.nativeEvent.isComposing) return;
        e.preventDefault();
        if (onEnter) onEnter(e);
        else e.currentTarget.blur();
      }}
    />
  );
}
