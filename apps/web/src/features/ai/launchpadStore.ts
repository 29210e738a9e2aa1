/** The launchpad's choices (skill, model, toggles), kept for follow-ups and across canvases in this tab. */
import { create } from 'zustand';
import type { SkillName } from '@atelier/contract';

interface LaunchpadState {
  skillName: SkillName;
  /** The chosen skill instance (it runs `skillName` with its settings); null: the built-in skill. */
  skillId: string | null;
  /** Provider item of the chosen model; null: the user's default chat model. */
  modelItemId: string | null;
  webSearch: boolean;
  knowledge: boolean;
  /** The agent skill's MCP servers (names of the user's enabled servers). */
  mcpServers: string[];
  set(patch: Partial<Omit<LaunchpadState, 'set'>>): void;
}

export const useLaunchpadStore = create<LaunchpadState>()((set) => ({
  skillName: 'commonQnA',
  skillId: null,
  modelItemId: null,
  webSearch: false,
  knowledge: false,
  mcpServers: [],
  set: (patch) => set(patch),
}));
