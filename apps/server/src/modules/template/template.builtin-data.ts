/**
 * The built-in templates' data: one file per template under `builtin/` (an `en` and a `zh-CN`
 * version each, the shapes of template.builtin-layout.ts) and the categories. A data file's
 * `version` rises when its canvas changes; the installer then rebuilds that template.
 */
import type { BuiltinLocale } from './template.builtin-layout.js';
import categoriesFile from './builtin/categories.json' with { type: 'json' };
import blogPost from './builtin/blog-post.json' with { type: 'json' };
import brainstorm from './builtin/brainstorm.json' with { type: 'json' };
import cornellNotes from './builtin/cornell-notes.json' with { type: 'json' };
import decisionRecord from './builtin/decision-record.json' with { type: 'json' };
import essayOutline from './builtin/essay-outline.json' with { type: 'json' };
import examPrep from './builtin/exam-prep.json' with { type: 'json' };
import habitTracker from './builtin/habit-tracker.json' with { type: 'json' };
import landingPage from './builtin/landing-page.json' with { type: 'json' };
import literatureReview from './builtin/literature-review.json' with { type: 'json' };
import meetingNotes from './builtin/meeting-notes.json' with { type: 'json' };
import okrPlanning from './builtin/okr-planning.json' with { type: 'json' };
import paperReading from './builtin/paper-reading.json' with { type: 'json' };
import productBrief from './builtin/product-brief.json' with { type: 'json' };
import productRoadmap from './builtin/product-roadmap.json' with { type: 'json' };
import projectKickoff from './builtin/project-kickoff.json' with { type: 'json' };
import researchQuestion from './builtin/research-question.json' with { type: 'json' };
import studyGuide from './builtin/study-guide.json' with { type: 'json' };
import swotAnalysis from './builtin/swot-analysis.json' with { type: 'json' };
import systemDesign from './builtin/system-design.json' with { type: 'json' };
import tripPlan from './builtin/trip-plan.json' with { type: 'json' };
import userInterviews from './builtin/user-interviews.json' with { type: 'json' };
import weeklyReview from './builtin/weekly-review.json' with { type: 'json' };

/** The owner of the built-in templates and their shares: an account that cannot sign in. */
export const SYSTEM_TEMPLATE_UID = 'u-atelier-templates';
export const BUILTIN_LANGUAGES = ['en', 'zh-CN'] as const;

export interface BuiltinTemplate {
  key: string;
  version: number;
  categoryId: string;
  locales: Record<(typeof BUILTIN_LANGUAGES)[number], BuiltinLocale>;
}
export interface BuiltinCategory {
  categoryId: string;
  name: string;
  labelDict: Record<string, string>;
  descriptionDict: Record<string, string>;
}

export const BUILTIN_CATEGORIES: readonly BuiltinCategory[] = categoriesFile;
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  literatureReview,
  researchQuestion,
  paperReading,
  meetingNotes,
  projectKickoff,
  okrPlanning,
  swotAnalysis,
  brainstorm,
  essayOutline,
  blogPost,
  studyGuide,
  cornellNotes,
  examPrep,
  productBrief,
  userInterviews,
  productRoadmap,
  landingPage,
  systemDesign,
  decisionRecord,
  tripPlan,
  weeklyReview,
  habitTracker,
] as BuiltinTemplate[];
