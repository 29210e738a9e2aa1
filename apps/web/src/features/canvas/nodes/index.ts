/**
 * The node registry: one component per node type of the canvas model. Features replace an entry
 * with a one-line edit (e.g. `skillResponse: SkillResponseNode`).
 */
import type { NodeTypes } from '@xyflow/react';
import type { CanvasNodeType } from '@atelier/canvas';
import { SkillResponseNode } from '../../ai/lazy';
import { GroupNode } from './GroupNode';
import { MemoNode } from './MemoNode';
import {
  CodeArtifactNode,
  DocumentNode,
  GenericNode,
  ImageNode,
  MindMapNode,
  ResourceNode,
  WebsiteNode,
} from './EntityNodes';

export const nodeTypes = {
  memo: MemoNode,
  document: DocumentNode,
  codeArtifact: CodeArtifactNode,
  website: WebsiteNode,
  resource: ResourceNode,
  image: ImageNode,
  mindMap: MindMapNode,
  group: GroupNode,
  skill: GenericNode,
  tool: GenericNode,
  toolResponse: GenericNode,
  skillResponse: SkillResponseNode,
} satisfies Record<CanvasNodeType, NodeTypes[string]>;
