/** A small, working starter for each code artifact type (what "Add code artifact" creates). */
import type { CodeArtifactType } from '@atelier/contract';

export const ARTIFACT_STARTERS: Record<CodeArtifactType, { content: string; language?: string }> = {
  react: {
    language: 'tsx',
    content: `export default function App() {
  const [count, setCount] = React.useState(0);
  return (
    <div style={{ fontFamily: 'sans-serif', padding: 24 }}>
      <h1>Hello, canvas</h1>
      <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>
    </div>
  );
}
`,
  },
  svg: {
    language: 'svg',
    content: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120" width="200" height="120">
  <rect x="10" y="10" width="180" height="100" rx="16" fill="#6c5ce7" />
  <text x="100" y="68" font-size="20" text-anchor="middle" fill="#fff">Atelier</text>
</svg>
`,
  },
  mermaid: { language: 'mermaid', content: 'graph TD\n  A[Idea] --> B[Canvas]\n  B --> C[Document]\n' },
  markdown: {
    language: 'markdown',
    content: '# Notes\n\n- First point\n- Second point\n\n> Write here.\n',
  },
  code: {
    language: 'typescript',
    content: 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
  },
  html: {
    language: 'html',
    content: `<!doctype html>
<html>
  <body style="font-family: sans-serif; padding: 24px">
    <h1>Hello, canvas</h1>
    <p>Edit this page in the code tab.</p>
  </body>
</html>
`,
  },
  mindmap: {
    language: 'json',
    content: JSON.stringify(
      {
        id: 'root',
        label: 'Central idea',
        children: [
          { id: 'a', label: 'Branch A' },
          { id: 'b', label: 'Branch B' },
        ],
      },
      null,
      2,
    ),
  },
};
