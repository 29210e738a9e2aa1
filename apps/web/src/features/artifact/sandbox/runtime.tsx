/**
 * The runtime of the artifact preview frame. The frame is sandboxed (allow-scripts, never
 * allow-same-origin), so nothing here can reach the app, its storage or its cookies. It
 * bundles its own React and ReactDOM, waits for the view to post code, and either writes an
 * HTML document or evaluates a compiled React module and renders its default export.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';
import type { FromSandbox, ToSandbox } from './protocol';

const post = (message: FromSandbox) => window.parent.postMessage(message, '*');

const MODULES: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'react-dom/client': ReactDOMClient,
  'react/jsx-runtime': JsxRuntime,
};

class Boundary extends React.Component<{ children: React.ReactNode }, { error: string | null }> {
  override state = { error: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  override componentDidCatch(error: unknown) {
    post({ type: 'atelier:error', message: error instanceof Error ? error.message : String(error) });
  }
  override render() {
    if (this.state.error)
      return <pre style={{ color: '#c92a2a', whiteSpace: 'pre-wrap', padding: 16 }}>{this.state.error}</pre>;
    return this.props.children;
  }
}

function Rendered({ Component }: { Component: React.ComponentType }) {
  React.useEffect(() => post({ type: 'atelier:rendered' }), []);
  return <Component />;
}

let root: ReactDOMClient.Root | null = null;

function runReact(code: string) {
  const module = { exports: {} as Record<string, unknown> };
  const require = (name: string) => {
    if (name in MODULES) return MODULES[name];
    throw new Error(`Cannot import "${name}" in a preview (only react and react-dom are available)`);
  };
  // running the user's component is the point of this sandbox
  const run = new Function('React', 'require', 'module', 'exports', code) as (...args: unknown[]) => void;
  run(React, require, module, module.exports);
  const exported = module.exports;
  const candidate =
    exported.default ?? exported.App ?? Object.values(exported).find((value) => typeof value === 'function');
  if (typeof candidate !== 'function')
    throw new Error('The code has no component to render (export default one)');
  const container =
    document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  root ??= ReactDOMClient.createRoot(container);
  root.render(
    <Boundary>
      <Rendered Component={candidate as React.ComponentType} />
    </Boundary>,
  );
}

window.addEventListener('message', (event: MessageEvent<ToSandbox>) => {
  if (event.source !== window.parent) return;
  const message = event.data;
  try {
    if (message.type === 'atelier:html') {
      document.open();
      document.write(message.html);
      document.close();
      post({ type: 'atelier:rendered' });
    } else if (message.type === 'atelier:react') {
      runReact(message.code);
    }
  } catch (error) {
    post({ type: 'atelier:error', message: error instanceof Error ? error.message : String(error) });
  }
});

window.addEventListener('error', (event) => post({ type: 'atelier:error', message: event.message }));
post({ type: 'atelier:ready' });
