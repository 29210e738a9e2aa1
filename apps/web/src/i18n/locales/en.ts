/**
 * English strings of the app (bundled with the entry; English is also the fallback).
 * zh-CN.ts must have exactly the same keys (checked by its type). The texts of a larger area
 * (canvas, library, ai, …) live in their own file `en.<area>.ts` / `zh-CN.<area>.ts` under the
 * area's key; components read them with `useTranslation(undefined, { keyPrefix: '<area>' })`.
 * The long privacy and terms texts are loaded with their pages (legalDocs).
 */
import { enSubscription } from './en.subscription';
import { contractValidationMessages } from '../contractMessages';
import { enAi } from './en.ai';
import { enAiSettings } from './en.aiSettings';
import { enMcp } from './en.mcp';
import { enArtifact } from './en.artifact';
import { enCanvas } from './en.canvas';
import { enDocument } from './en.document';
import { enLabels } from './en.labels';
import { enSkills } from './en.skills';
import { enApiTokens } from './en.apiTokens';
import { enLanding } from './en.landing';
import { enLibrary } from './en.library';
import { enProjects } from './en.projects';
import { enTemplates } from './en.templates';
import { enPages } from './en.pages';
import { enShare } from './en.share';
import { enPageExport } from './en.pageExport';

export const en = {
  app: {
    starting: 'Starting Atelier…',
  },
  common: {
    backHome: 'Back to home',
    cancel: 'Cancel',
    close: 'Close',
    copied: 'Copied',
    copy: 'Copy',
    reload: 'Reload',
    retry: 'Try again',
    save: 'Save',
    cover: {
      alt: 'Cover image',
      upload: 'Upload cover',
      change: 'Change cover',
      remove: 'Remove cover',
      type: 'The cover must be a PNG, JPEG, GIF or WebP image',
      size: 'The cover cannot exceed {{size}}',
      failed: 'The cover could not be uploaded',
    },
  },
  errors: {
    toastTitle: 'Oops, something went wrong',
    quotaTitle: 'Limit reached',
    traceId: 'Trace ID: {{traceId}}',
    copyTraceId: 'Copy trace ID',
    connectionFailed: 'Connection failed, please try again',
    pageLoadFailed: 'Failed to load page',
    newVersion:
      'A part of the app could not be loaded, perhaps because a new version was released. Reload to continue.',
    pageNotFound: 'Page not found',
    pageNotFoundHint: 'The page you are looking for does not exist or has moved.',
    unknown: 'Unknown error, please try again later',
  },
  validation: {
    // emailRequired, emailInvalid, passwordRequired, passwordTooShort, passwordMismatch,
    // usernameTooLong, usernameInvalid: the contract's wording
    ...contractValidationMessages,
    codeRequired: 'Please enter the verification code',
    usernameRequired: 'Username cannot be empty',
    usernameTaken: 'The username is taken',
    nicknameRequired: 'Display name cannot be empty',
    nicknameTooLong: 'The display name can be at most {{count}} characters',
    avatarType: 'The avatar must be a PNG, JPEG, GIF or WebP image',
    avatarSize: 'The avatar must be smaller than {{size}}',
  },
  auth: {
    loginTitle: 'Welcome back',
    loginSubtitle: 'Sign in to your Atelier workspace',
    signupTitle: 'Create your account',
    signupSubtitle: 'Start building canvases with AI — free',
    email: 'Email',
    emailPlaceholder: 'you@example.com',
    password: 'Password',
    passwordPlaceholder: 'Your password',
    newPassword: 'New password',
    newPasswordPlaceholder: 'At least 8 characters',
    confirmPassword: 'Confirm new password',
    forgotPassword: 'Forgot password?',
    loginAction: 'Sign in',
    signupAction: 'Sign up',
    haveAccount: 'Already have an account?',
    noAccount: "Don't have an account?",
    or: 'or',
    continueWithGithub: 'Continue with GitHub',
    continueWithGoogle: 'Continue with Google',
    legalPrefix: 'By continuing you agree to the',
    legalAnd: 'and the',
    legalSuffix: '.',
    resetTitle: 'Reset password',
    resetIntro: 'Enter the email of your account and we will send you a verification code.',
    sendCode: 'Send code',
    verificationCode: 'Verification code',
    codeSentTo: 'We sent a 6-digit code to {{email}}.',
    resetAction: 'Reset password',
    passwordResetDone: 'Your password has been reset',
    backToLogin: 'Back to sign in',
    resend: 'Resend code',
    resendIn: 'Resend code in {{count}} s',
    codeResent: 'A new code is on its way',
    verifyTitle: 'Check your email',
    verifyAction: 'Verify',
    noCode: "Didn't get the code?",
    useAnotherEmail: 'Use another email',
    noVerificationTitle: 'No verification in progress',
    noVerificationBody: 'Sign up first; we will then send a code to your email.',
  },
  beta: {
    title: 'Atelier is in private beta',
    noAccess: 'Your account does not have access to the beta testing yet.',
    signedInAs: 'Signed in as {{email}}',
    apply: 'Apply for early access',
    checkAgain: 'I have been invited — check again',
  },
  logout: {
    action: 'Sign out',
    hint: 'Signing out also clears the data this browser keeps for Atelier.',
    confirmTitle: 'Sign out of Atelier?',
    confirmBody: 'Local data kept by this browser (drafts, caches, preferences) will be cleared.',
    confirmOk: 'Sign out',
  },
  nav: {
    home: 'Home',
    canvas: 'Canvas',
    library: 'Library',
    threads: 'Threads',
    skills: 'Skills',
    templates: 'Templates',
    projects: 'Projects',
    pages: 'Pages',
    settings: 'Settings',
    help: 'Help',
    tour: 'Tour',
    logout: 'Sign out',
    featureHighlights: "What's in Atelier",
    version: 'Version v{{version}}',
    collapse: 'Collapse sidebar',
    expand: 'Expand sidebar',
  },
  home: {
    greetingMorning: 'Good morning, {{name}}',
    greetingAfternoon: 'Good afternoon, {{name}}',
    greetingEvening: 'Good evening, {{name}}',
    greetingNight: 'Working late, {{name}}?',
    greetingAnonymous: 'Welcome to Atelier',
    lead: 'What would you like to think through today?',
    searchPlaceholder: 'Ask anything, or search actions…',
    go: 'Go',
    suggestionsTitle: 'Try',
    suggestions: {
      paper: 'Summarize a research paper into key findings',
      outline: 'Draft a blog post outline from my notes',
      compare: 'Compare three note-taking methods',
      meeting: 'Turn meeting notes into action items',
      mindmap: 'Explain a concept as a mind map',
    },
    quickActionsTitle: 'Recommended for you',
    noMatch: 'No quick action matches.',
    goHint: 'Go asks AI on a new canvas',
    starting: 'Opening a canvas…',
    noModel: 'Go needs a chat model, and none is configured yet.',
    openSettings: 'Add one in Settings',
    actions: {
      tour: { title: 'Take the tour', body: 'A one-minute walk through the workspace.' },
      highlights: {
        title: "See what's in Atelier",
        body: 'Canvas, AI threads, library, skills and export in 7 steps.',
      },
      profile: { title: 'Complete your profile', body: 'Add an avatar, a display name and your username.' },
      language: {
        title: 'Choose your languages',
        body: 'Set the interface language and the language AI answers in.',
      },
      appearance: { title: 'Pick a theme', body: 'Light, dark, or follow your system.' },
    },
  },
  settings: {
    title: 'Settings',
    saved: 'Saved',
    tabs: {
      setupGuide: 'Setup guide',
      account: 'Account',
      language: 'Language',
      appearance: 'Appearance',
      providers: 'Providers',
      models: 'Model configuration',
      parsers: 'Parser configuration',
      defaultModel: 'Default model',
      mcpServers: 'MCP servers',
      subscription: 'Subscription',
    },
    account: {
      changeAvatar: 'Change avatar',
      avatarHint: 'PNG, JPEG, GIF or WebP, up to {{size}}.',
      avatarUpdated: 'Avatar updated',
      nickname: 'Display name',
      nicknameHint: 'Shown in the app and beside your cursor on a canvas.',
      username: 'Username',
      usernameHint: 'Letters, numbers and underscores, up to {{count}} characters.',
      usernameAvailable: 'This username is available',
      checking: 'Checking…',
      checkFailed: 'Could not check the username right now',
    },
    language: {
      uiLocale: 'Interface language',
      uiLocaleHint: 'The language of menus, buttons and messages.',
      outputLocale: 'AI output language',
      outputLocaleHint: 'The language AI answers in. Auto-detect answers in the language of your question.',
      auto: 'Auto-detect',
    },
    appearance: {
      theme: 'Theme',
      hint: 'Follow system switches between light and dark together with your operating system.',
      light: 'Light',
      dark: 'Dark',
      system: 'Follow system',
    },
  },
  onboarding: {
    stepOf: 'Step {{current}} of {{total}}',
    skip: 'Skip',
    back: 'Back',
    next: 'Next',
    done: 'Done',
    startTour: 'Take the tour',
    highlights: {
      welcome: {
        title: 'Welcome to Atelier',
        body: 'A free-form canvas where your sources, notes and AI answers live side by side. Here is what you can do in seven quick steps.',
      },
      canvas: {
        title: 'Think on a canvas',
        body: 'Place documents, resources, memos, code artifacts and AI answers anywhere, group them and connect them with edges.',
      },
      ask: {
        title: 'Ask AI with the right context',
        body: 'Select the nodes that matter and ask. Each answer lands on the canvas with its sources, and every thread keeps its own memory.',
      },
      library: {
        title: 'Build your library',
        body: 'Save web links, files, images and pasted text. Atelier parses and indexes them so you and the AI can search them.',
      },
      skills: {
        title: 'Skills do the heavy lifting',
        body: 'Web search, library search, writing and rewriting documents, and code artifacts, each with the context you pick.',
      },
      create: {
        title: 'Create documents and artifacts',
        body: 'Write in a live-saving Markdown editor with AI help, and let AI produce web pages, React components, diagrams and mind maps.',
      },
      share: {
        title: 'Share, publish and export',
        body: 'Share a canvas or document with a view-only link, publish a canvas as a template or start from one, and export documents to Markdown, DOCX or PDF and canvases as images.',
        templates: 'Browse templates',
      },
    },
    tour: {
      nav: {
        title: 'Your workspace',
        body: 'Move between home and your screens here. More appear as you use Atelier.',
      },
      search: {
        title: 'Start here',
        body: 'Type a question or search the quick actions. Press Enter to go.',
      },
      suggestions: { title: 'Need an idea?', body: 'Pick a suggestion to fill the box.' },
      actions: { title: 'Quick actions', body: 'Shortcuts to set up your profile, languages and theme.' },
      settings: {
        title: 'Settings',
        body: 'Your account, language and appearance, your model providers and models, and the setup guide that checks them.',
      },
      help: {
        title: 'Help',
        body: 'Reopen the feature highlights, read the privacy policy and terms, or check the version.',
      },
    },
  },
  maintenance: {
    beijingTime: 'Beijing time',
    upcoming:
      'Scheduled maintenance from {{start}} to {{end}} ({{zone}}; {{localStart}}–{{localEnd}} your time). Atelier may be unavailable during this window.',
    active:
      'Maintenance in progress until {{end}} ({{zone}}; {{localEnd}} your time). Some features may not work.',
  },
  storage: {
    title: 'Storage quota exceeded',
    exceeded: 'Your library is full, so this file cannot be saved.',
    onlyN_one: 'Insufficient storage: only {{count}} file can be saved.',
    onlyN_other: 'Insufficient storage: only {{count}} files can be saved.',
    usage: '{{used}} of {{quota}} files used',
    upgrade: 'Upgrade',
    upgradeHint: 'Upgrade your subscription for more space, or delete files you no longer need.',
    freeUpHint: 'Delete files you no longer need to free up space.',
  },
  canvas: enCanvas,
  ai: enAi,
  aiSettings: enAiSettings,
  mcp: enMcp,
  artifact: enArtifact,
  document: enDocument,
  labels: enLabels,
  skills: enSkills,
  apiTokens: enApiTokens,
  library: enLibrary,
  projects: enProjects,
  templates: enTemplates,
  pages: enPages,
  share: enShare,
  pageExport: enPageExport,
  landing: enLanding,
  subscription: enSubscription,
  legal: {
    privacyTitle: 'Privacy Policy',
    termsTitle: 'Terms of Service',
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
/** The shape every translation must have: the English keys, any strings. */
export type Translations = DeepStrings<typeof en>;
