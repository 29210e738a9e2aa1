/**
 * Safe Markdown for AI answers: marked's lexer turns the text into tokens and this file draws
 * them as React elements, so nothing the model writes becomes HTML (raw HTML is shown as text,
 * links and images only with http(s) or mailto URLs). Citations are structured data beside the
 * text (`anchors`: where source N is cited, `citations`: the sources) and are drawn as `[N]`
 * badges linked to the source; a raw marker left in old text is drawn the same way, never shown.
 * The app's one renderer of Markdown from the model and of citations: answer panels and nodes,
 * threads, the share viewer, pages, Markdown artifacts, editor suggestions. Cheap enough to run on
 * every streamed chunk of a few thousand characters.
 */
import { Fragment, memo, type ReactNode } from 'react';
import { Lexer, type Token, type Tokens } from 'marked';
import { placeCitations, type CitationAnchor } from '@atelier/contract';
import { CITATION_MARKER, citationLabel } from './citations';

export { stripCitationMarkers } from './citations';

const CITE_OPEN = '\uE000';
const CITE_CLOSE = '\uE001';
const SENTINEL = new RegExp(`${CITE_OPEN}(\\d{1,3})${CITE_CLOSE}`, 'g');

export interface CitationTarget {
  index: number;
  title: string;
  url?: string;
}

interface Ctx {
  citations: ReadonlyMap<number, CitationTarget>;
  onCite?: ((index: number) => void) | undefined;
  key: number;
}

export function safeUrl(href: string | null | undefined): string | null {
  if (!href) return null;
  const trimmed = href.trim();
  return /^(https?:|mailto:)/i.test(trimmed) ? trimmed : null;
}

function renderText(text: string, ctx: Ctx): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(SENTINEL)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const n = Number(m[1]);
    const target = ctx.citations.get(n);
    const label = citationLabel(n);
    out.push(
      target ? (
        <a
          key={`c${ctx.key++}`}
          className="ai-citation"
          href={safeUrl(target.url) ?? `#ai-source-${n}`}
          target={safeUrl(target.url) ? '_blank' : undefined}
          rel="noreferrer noopener"
          title={target.title}
          data-testid="ai-citation"
          onClick={(e) => {
            if (ctx.onCite) {
              e.preventDefault();
              ctx.onCite(n);
            }
          }}
        >
          {label}
        </a>
      ) : (
        <sup key={`c${ctx.key++}`} className="ai-citation ai-citation--missing">
          {label}
        </sup>
      ),
    );
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function inline(tokens: Token[] | undefined, ctx: Ctx): ReactNode[] {
  if (!tokens) return [];
  return tokens.map((token) => {
    const key = ctx.key++;
    switch (token.type) {
      case 'text': {
        const t = token as Tokens.Text;
        return <Fragment key={key}>{t.tokens ? inline(t.tokens, ctx) : renderText(t.text, ctx)}</Fragment>;
      }
      case 'escape':
        return <Fragment key={key}>{(token as Tokens.Escape).text}</Fragment>;
      case 'strong':
        return <strong key={key}>{inline((token as Tokens.Strong).tokens, ctx)}</strong>;
      case 'em':
        return <em key={key}>{inline((token as Tokens.Em).tokens, ctx)}</em>;
      case 'del':
        return <del key={key}>{inline((token as Tokens.Del).tokens, ctx)}</del>;
      case 'codespan':
        return <code key={key}>{(token as Tokens.Codespan).text}</code>;
      case 'br':
        return <br key={key} />;
      case 'link': {
        const t = token as Tokens.Link;
        const href = safeUrl(t.href);
        const children = inline(t.tokens, ctx);
        return href ? (
          <a key={key} href={href} target="_blank" rel="noreferrer noopener" title={t.title ?? undefined}>
            {children}
          </a>
        ) : (
          <Fragment key={key}>{children}</Fragment>
        );
      }
      case 'image': {
        const t = token as Tokens.Image;
        const src = safeUrl(t.href);
        return src ? (
          <img key={key} src={src} alt={t.text} loading="lazy" />
        ) : (
          <Fragment key={key}>{t.text}</Fragment>
        );
      }
      case 'html':
        return <Fragment key={key}>{(token as Tokens.HTML).text}</Fragment>;
      default:
        return (
          <Fragment key={key}>{'text' in token ? renderText(String(token.text), ctx) : token.raw}</Fragment>
        );
    }
  });
}

function blocks(tokens: Token[], ctx: Ctx): ReactNode[] {
  return tokens.map((token) => {
    const key = ctx.key++;
    switch (token.type) {
      case 'space':
        return null;
      case 'heading': {
        const t = token as Tokens.Heading;
        const Tag = `h${Math.min(Math.max(t.depth, 1), 6)}` as 'h1';
        return <Tag key={key}>{inline(t.tokens, ctx)}</Tag>;
      }
      case 'paragraph':
        return <p key={key}>{inline((token as Tokens.Paragraph).tokens, ctx)}</p>;
      case 'text': {
        const t = token as Tokens.Text;
        return <p key={key}>{t.tokens ? inline(t.tokens, ctx) : renderText(t.text, ctx)}</p>;
      }
      case 'code': {
        const t = token as Tokens.Code;
        return (
          <pre key={key} data-lang={t.lang || undefined}>
            <code>{t.text}</code>
          </pre>
        );
      }
      case 'blockquote':
        return <blockquote key={key}>{blocks((token as Tokens.Blockquote).tokens, ctx)}</blockquote>;
      case 'hr':
        return <hr key={key} />;
      case 'list': {
        const t = token as Tokens.List;
        const items = t.items.map((item) => (
          <li key={ctx.key++}>
            {item.task ? <input type="checkbox" checked={item.checked ?? false} readOnly disabled /> : null}
            {item.loose ? blocks(item.tokens, ctx) : tight(item.tokens, ctx)}
          </li>
        ));
        return t.ordered ? (
          <ol key={key} start={typeof t.start === 'number' && t.start !== 1 ? t.start : undefined}>
            {items}
          </ol>
        ) : (
          <ul key={key}>{items}</ul>
        );
      }
      case 'table': {
        const t = token as Tokens.Table;
        return (
          <div key={key} className="ai-markdown__table">
            <table>
              <thead>
                <tr>
                  {t.header.map((cell, i) => (
                    <th key={i} style={cell.align ? { textAlign: cell.align } : undefined}>
                      {inline(cell.tokens, ctx)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {t.rows.map((row, r) => (
                  <tr key={r}>
                    {row.map((cell, i) => (
                      <td key={i} style={cell.align ? { textAlign: cell.align } : undefined}>
                        {inline(cell.tokens, ctx)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      }
      case 'html':
        return <p key={key}>{(token as Tokens.HTML).text}</p>;
      default:
        return <p key={key}>{token.raw}</p>;
    }
  });
}

/** List items that are not loose: their text tokens are inline content, not paragraphs. */
function tight(tokens: Token[], ctx: Ctx): ReactNode[] {
  return tokens.map((token) => {
    if (token.type === 'text') {
      const t = token as Tokens.Text;
      return (
        <Fragment key={ctx.key++}>{t.tokens ? inline(t.tokens, ctx) : renderText(t.text, ctx)}</Fragment>
      );
    }
    return <Fragment key={ctx.key++}>{blocks([token], ctx)}</Fragment>;
  });
}

export const Markdown = memo(function Markdown({
  text,
  citations,
  anchors,
  onCite,
  className,
  testId,
}: {
  text: string;
  /** The sources cited (by index). */
  citations?: readonly CitationTarget[];
  /** Where in `text` each source is cited (offsets in the text). */
  anchors?: readonly CitationAnchor[];
  onCite?: (index: number) => void;
  className?: string;
  testId?: string;
}) {
  // the text's own private-use sentinels are dropped first, so only anchors become badges
  const bare = text.replace(/[\uE000\uE001]/g, '');
  const placed = anchors?.length
    ? placeCitations(bare, anchors, (c) => `${CITE_OPEN}${c.index}${CITE_CLOSE}`)
    : bare;
  const prepared = placed.replace(
    CITATION_MARKER,
    (_m, a: string | undefined, b: string | undefined) => `${CITE_OPEN}${a ?? b}${CITE_CLOSE}`,
  );
  let tokens: Token[];
  try {
    tokens = new Lexer({ gfm: true }).lex(prepared);
  } catch {
    return <pre className={className}>{text}</pre>;
  }
  const ctx: Ctx = { citations: new Map((citations ?? []).map((c) => [c.index, c])), onCite, key: 0 };
  return (
    <div className={`ai-markdown${className ? ` ${className}` : ''}`} data-testid={testId}>
      {blocks(tokens, ctx)}
    </div>
  );
});
