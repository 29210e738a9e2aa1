/**
 * Copying a share link on any address, including a self-hosted instance on plain http where the
 * Clipboard API is missing (it needs a secure context): the Clipboard API when there is one, else
 * a hidden textarea and `execCommand('copy')`, else `manual` — the caller then leaves the link
 * selected in its read-only field and tells the user which keys copy it.
 */
export type CopyOutcome = 'copied' | 'manual';

export interface CopyEnvironment {
  clipboard?: { writeText(text: string): Promise<void> } | undefined;
  secure: boolean;
  document: Document;
}

function browserEnvironment(): CopyEnvironment {
  return {
    clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
    secure: typeof window !== 'undefined' && window.isSecureContext,
    document,
  };
}

function execCommandCopy(doc: Document, text: string): boolean {
  const area = doc.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // off screen but still selectable (display: none could not be selected)
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  area.style.opacity = '0';
  const active = doc.activeElement as HTMLElement | null;
  doc.body.append(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    return typeof doc.execCommand === 'function' && doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    active?.focus?.();
  }
}

export async function copyLink(
  text: string,
  env: CopyEnvironment = browserEnvironment(),
): Promise<CopyOutcome> {
  if (env.clipboard && env.secure) {
    try {
      await env.clipboard.writeText(text);
      return 'copied';
    } catch {
      // refused (no permission, document not focused): try the older way
    }
  }
  return execCommandCopy(env.document, text) ? 'copied' : 'manual';
}

/** The keys that copy a selection on this platform. */
export function copyKeys(
  platform: string = typeof navigator !== 'undefined' ? navigator.platform : '',
): string {
  return /mac|iphone|ipad/i.test(platform) ? '⌘C' : 'Ctrl+C';
}
