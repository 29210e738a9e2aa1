/**
 * The composition root: every long-lived service of one server process, built once at start by
 * `buildServices(ctx)` and handed to the routes (`buildHandlers`), the worker role
 * (`startWorkerRole`) and collaboration (`startCollab`). Nothing looks services up at run time;
 * a module that needs one receives it here.
 */
import { PageService } from './modules/page/page.service.js';
import { registerPageShares } from './modules/page/page.snapshot.js';
import { CollabService } from './collab/collab.service.js';
import type { AppContext } from './context.js';
import { ApiTokenService } from './modules/api-token/api-token.service.js';
import type { EntityDuplicateInput } from './modules/canvas/canvas.copiers.js';
import { CanvasService } from './modules/canvas/canvas.service.js';
import { DocumentService } from './modules/document/document.service.js';
import { copyCodeArtifactForCanvas } from './modules/code-artifact/code-artifact.duplicate.js';
import { ActionService } from './modules/action/action.service.js';
import { SkillRunService } from './modules/skill/skill.service.js';
import { duplicateDocument } from './modules/document/document.duplicate.js';
import { modelPreferencesCheck } from './modules/provider/provider.defaults.js';
import { ResourceService } from './modules/resource/resource.service.js';
import { TemplateService } from './modules/template/template.service.js';
import { TriggerScheduler } from './modules/trigger/trigger.scheduler.js';
import { ShareService } from './modules/share/share.service.js';
import { registerBuiltInShares } from './modules/share/share.snapshots.js';
import { createUploadService, type UploadService } from './modules/upload/upload.service.js';
import { UserService } from './modules/user/user.service.js';
import { VersionPruner } from './modules/version/version.prune.js';
import { VersionService } from './modules/version/version.service.js';
import { documentLoader, resourceLoader } from './skills/skill.context.js';
import { LocalRuns } from './skills/skill.aborts.js';
import { createSkillEngine, type SkillEngine } from './skills/skill.engine.js';
import { createTitleGenerator } from './skills/skill.title.js';

export interface Services {
  /** Live Yjs documents (Hocuspocus), shared by the collab endpoint, routes, skills and jobs. */
  collab: CollabService;
  /** Stored files (uploads, generated images, project covers). */
  uploads: UploadService;
  /** User settings (shared by the user and auth routes). */
  users: UserService;
  documents: DocumentService;
  resources: ResourceService;
  canvases: CanvasService;
  /** Runs skills for /skill/streamInvoke and the `skill.run` job. */
  skillEngine: SkillEngine;
  /** Skill runs executing in this process (the engine adds them, an abort reaches them at once). */
  localRuns: LocalRuns;
  /** Action results: read, list, abort (modules/action). */
  actions: ActionService;
  /** Share links: publish / revoke / duplicate snapshots (modules/share; other types register there). */
  shares: ShareService;
  /** Personal API tokens (authenticate `/v1` and `/mcp`). */
  apiTokens: ApiTokenService;
  /** Pages: slideshows made from canvas nodes, published as page shares (modules/page). */
  pages: PageService;
  /** Templates: canvases published as duplicable shares (modules/template). */
  templates: TemplateService;
  /** Prepares and queues skill runs (routes and triggers). */
  skillRuns: SkillRunService;
  /** Runs timer and 'on resource ready' triggers (modules/trigger); started by the worker role. */
  triggers: TriggerScheduler;
  /** Version history of canvases and documents (modules/version); takes the automatic versions. */
  versions: VersionService;
  /** Prunes automatic versions past their retention, daily (started by the worker role). */
  versionPruner: VersionPruner;
}

export function buildServices(ctx: AppContext): Services {
  const collab = new CollabService(ctx);
  const uploads = createUploadService(ctx);
  const users = new UserService(ctx.db, ctx.config, uploads, modelPreferencesCheck(ctx));
  const documents = new DocumentService(ctx.db, collab);
  const resources = new ResourceService(ctx, uploads);
  // A mind map is a code artifact: both node types copy the same way.
  const copyArtifact = (input: EntityDuplicateInput) => copyCodeArtifactForCanvas(ctx.db, input);
  const canvases = new CanvasService({
    db: ctx.db,
    queue: ctx.queue,
    log: ctx.log,
    collab,
    // Entity types copied along when a canvas is duplicated with its entities (canvas.duplicate job).
    copiers: {
      document: (input) => duplicateDocument({ db: ctx.db, collab }, input),
      codeArtifact: copyArtifact,
      mindMap: copyArtifact,
    },
    files: uploads,
    maxNodes: ctx.config.CANVAS_MAX_NODES,
    titleGenerator: createTitleGenerator(ctx),
  });
  const localRuns = new LocalRuns();
  const skillRuns = new SkillRunService(ctx);
  // Documents open for editing are read from their live state.
  const skillEngine = createSkillEngine(ctx, {
    localRuns,
    documents: documentLoader(ctx.db, (docId) => documents.liveFields(docId)),
    resources: resourceLoader(ctx.db),
    collab,
    files: uploads,
  });
  // Share links; pages and templates register their snapshot types / publish through it.
  const shareDeps = { ctx, services: { collab, documents, canvases, uploads } };
  const shares = new ShareService(shareDeps);
  registerBuiltInShares(shares, shareDeps);
  const apiTokens = new ApiTokenService(ctx.db, ctx.clock, (err) =>
    ctx.log.warn({ err }, 'could not record an API token use'),
  );
  const pages = new PageService(ctx, canvases, shares, uploads);
  registerPageShares(ctx.db, shares, pages);
  const templates = new TemplateService(ctx, shares, uploads);
  const versions = new VersionService(ctx, collab);
  collab.edits.setRecorder((name, editorUid) => versions.recordAuto(name, editorUid));
  return {
    collab,
    uploads,
    users,
    documents,
    resources,
    canvases,
    skillEngine,
    localRuns,
    actions: new ActionService(ctx.db, localRuns),
    shares,
    apiTokens,
    pages,
    templates,
    skillRuns,
    triggers: new TriggerScheduler(ctx, skillRuns),
    versionPruner: new VersionPruner(ctx, versions),
    versions,
  };
}
