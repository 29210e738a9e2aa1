/**
 * Writes (to stdout) the CSS antd would otherwise generate in the browser on every page load, for
 * the antd components every signed-in screen shows (SHELL_COMPONENTS). The build links it first
 * in index.html (the `antdStaticStyles` plugin of vite.config.ts).
 *
 * Why: antd writes its component styles at run time (CSS-in-JS). A profile of the home page
 * showed ~25 % of the renderer's main thread there on every fresh load (docs/benchmarks.md). The
 * CSS below ends with antd's own cache-path map rule (`.data-ant-cssinjs-cache-path{content:…}`):
 * @ant-design/cssinjs reads it once when the page starts and then skips generating and inserting
 * every style it names. A style the map does not name (a component outside the list, a style
 * that only exists in the browser) is still generated at run time as before, so a gap costs
 * time, never looks.
 *
 * Component styles do not depend on the theme (with CSS variables they read `var(--ant-…)`; the
 * light and dark values are still written at run time from the theme), so one render in the light
 * theme serves both. Run with NODE_ENV=production: antd names its style paths differently in
 * development, and the map must match the production build.
 *
 *   NODE_ENV=production node --import tsx apps/web/scripts/antd-styles.ts > antd.css
 */
import { fileURLToPath } from 'node:url';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import * as antd from 'antd';
import { transform } from 'lightningcss';
import { createElement, isValidElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { buildTheme } from '../src/app/theme';

/**
 * The components whose styles go in the file: those the signed-in layout and the most visited
 * screens render on every load (measured: home, canvas, library, projects, skills and settings
 * each insert these). Every other component keeps its styles written at run time when a screen
 * first shows it: a page parses this whole file on every load, and antd's styles for all 40
 * components the app uses are 760 KB, which cost the browser more to parse than generating the
 * few a screen shows.
 */
export const SHELL_COMPONENTS = [
  'App',
  'Avatar',
  'Button',
  'Dropdown',
  'Empty',
  'Input',
  'Layout',
  'Menu',
  'Modal',
  'Spin',
  'Tabs',
  'Tooltip',
  'Tour',
] as const;

type AnyComponent = ComponentType<Record<string, unknown>> & Record<string, unknown>;

/** A function or a wrapped (memo, forwardRef) component; not an element (Empty.PRESENTED_IMAGE_…). */
const isComponent = (value: unknown): value is AnyComponent =>
  typeof value === 'function' ||
  (typeof value === 'object' && value !== null && '$$typeof' in value && !isValidElement(value));

/**
 * What to render for one antd export so that its styles register: the component, its
 * sub-components (Input.TextArea, Layout.Sider…) and its popup panel, which antd renders
 * without a trigger for exactly this purpose. A few need props or children to render at all.
 */
function elementsFor(name: string, component: AnyComponent): ReactNode[] {
  const h = createElement;
  const special: Record<string, () => ReactNode> = {
    Dropdown: () => h(antd.Dropdown, { menu: { items: [] } }, h('span')),
    Menu: () => h(antd.Menu, { items: [{ key: 'a', label: 'a' }] }),
  };
  const out: ReactNode[] = [special[name]?.() ?? h(component)];
  for (const [key, sub] of Object.entries(component)) {
    if ((/^[A-Z]/.test(key) || key === '_InternalPanelDoNotUseOrYouWillBeFired') && isComponent(sub))
      out.push(h(sub));
  }
  return out;
}

export function antdStyles(): { css: string; paths: number } {
  const cache = createCache();
  const theme = buildTheme('light');
  const exports = antd as unknown as Record<string, unknown>;
  for (const name of SHELL_COMPONENTS) {
    const component = exports[name];
    if (!isComponent(component)) throw new Error(`antd exports no component ${name}`);
    for (const element of elementsFor(name, component)) {
      if (!isValidElement(element)) continue;
      try {
        renderToString(
          createElement(StyleProvider, { cache }, createElement(antd.ConfigProvider, { theme }, element)),
        );
      } catch {
        // a part that needs its parent's context (Menu.Item, Menu.SubMenu…) registers its
        // styles through its parent, rendered above; run time covers anything still missing
      }
    }
  }
  const raw = extractStyle(cache, { plain: true, types: ['style'] });
  // A few of antd's rules have a selector no browser accepts (Tour's `:where(.css-…)-placement-left`,
  // its root class missing); the browser drops them, and so does this, or the build's minifier
  // would stop at them.
  const { code } = transform({
    filename: 'antd.css',
    code: Buffer.from(raw),
    errorRecovery: true,
    minify: true,
  });
  const css = code.toString();
  const map = /\.data-ant-cssinjs-cache-path\s*\{\s*content:\s*"([^"]*)"/.exec(css)?.[1] ?? '';
  return { css, paths: map ? map.split(';').length : 0 };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.env.NODE_ENV !== 'production') {
    console.error('antd-styles: run with NODE_ENV=production (antd names its styles by mode)');
    process.exit(2);
  }
  const { css, paths } = antdStyles();
  // a handful would mean antd and @ant-design/cssinjs are two copies that do not see each other
  if (paths < SHELL_COMPONENTS.length) {
    console.error(`antd-styles: only ${paths} styles extracted; is @ant-design/cssinjs deduplicated?`);
    process.exit(1);
  }
  process.stdout.write(css);
}
