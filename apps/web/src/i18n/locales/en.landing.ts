/** English texts of the landing page. */
export const enLanding = {
  nav: {
    workflow: 'How it works',
    features: 'Features',
    pricing: 'Pricing',
    faq: 'FAQ',
    getStarted: 'Get started',
  },
  hero: {
    badge: 'v{{version}} · Open source · Self-hostable',
    title: 'Think on a canvas. Create with AI.',
    subtitle:
      'Atelier is an AI canvas workspace for creators, researchers and writers. Collect your sources, ask AI with exactly the context you choose, and turn the answers into documents, code artifacts and exports — on our cloud or your own server.',
    primary: 'Get started free',
    secondary: 'Sign in',
    note: 'Free plan: 100 library files and 5 T1 + 50 T2 model requests a day. No card required.',
    noteOff: 'Accounts on this instance get the whole app, without plan quotas. No card required.',
    art: {
      pdf: 'Resource · PDF',
      pdfTitle: 'Attention Is All You Need',
      link: 'Resource · Web link',
      linkTitle: 'The Illustrated Transformer',
      ai: 'AI answer',
      aiTitle: 'Key ideas, compared',
      aiText:
        'Both sources agree that self-attention replaces recurrence; the paper adds multi-head attention and positional encoding…',
      doc: 'Document',
      docTitle: 'Literature review — draft 2',
    },
  },
  workflow: {
    eyebrow: 'How it works',
    title: 'From scattered sources to finished work',
    lead: 'Atelier keeps the whole path on one canvas, so you always see where an idea came from and where it went.',
    collect: {
      title: 'Collect',
      body: 'Bring in web links, PDFs, documents, images, pasted text and clips from the browser extension. Atelier parses and indexes them for search.',
    },
    connect: {
      title: 'Connect',
      body: 'Lay sources, notes and ideas out on a free-form canvas, group what belongs together and draw the links between them.',
    },
    ask: {
      title: 'Ask',
      body: 'Select the nodes that matter and ask AI. Every answer lands on the canvas with its sources, ready to follow up in its own thread.',
    },
    create: {
      title: 'Create and share',
      body: 'Turn answers into documents, code artifacts and mind maps, share them with a view-only link, publish a canvas as a template, and export documents to Markdown, DOCX or PDF.',
    },
  },
  features: {
    eyebrow: 'Features',
    title: 'Everything knowledge work needs, in one workspace',
    lead: 'Built for people who read a lot, think in connections and write things that matter.',
    canvas: {
      title: 'Free-form canvas',
      body: 'Documents, resources, code artifacts, memos, AI answers and groups on one board. Works with a mouse or a touchpad.',
    },
    threads: {
      title: 'Multi-threaded AI',
      body: 'Run several conversations side by side, each with its own context memory, and rerun any answer with another model.',
    },
    library: {
      title: 'A searchable library',
      body: 'Resources, documents, canvases, projects and threads in one place, with full-text and semantic search the AI can use too.',
    },
    skills: {
      title: 'Skills and triggers',
      body: 'Built-in skills for web search, library search, writing and code — plus your own, run on a schedule or when a resource is ready.',
    },
    models: {
      title: 'Bring any model',
      body: 'OpenAI-compatible endpoints, Anthropic, OpenRouter, DeepSeek or Ollama on your own machine. Features that need no model work without one.',
    },
    collab: {
      title: 'Live and multiplayer',
      body: 'Documents and canvases save as you type and sync across tabs and people. Offline edits merge when you reconnect.',
    },
    formats: {
      title: 'Open formats',
      body: 'Import and export canvases as JSON Canvas, export documents to Markdown, DOCX or PDF, and script it all through the OpenAPI description.',
    },
    selfHost: {
      title: 'Runs on your server',
      body: 'One command starts everything with an embedded PostgreSQL. Scale out later with PostgreSQL, Redis and S3-compatible storage.',
    },
  },
  stats: {
    formats: { value: '14+', label: 'file and image formats' },
    models: { value: '13+', label: 'models ready to use' },
    skills: { value: '10', label: 'built-in AI skills' },
  },
  pricing: {
    eyebrow: 'Pricing',
    title: 'Start free, upgrade when you need more',
    lead: 'Every plan includes the full canvas, the library and all skills. Paid plans raise your quotas and add support.',
    popular: 'Most popular',
    ctaFree: 'Start for free',
    ctaPaid: 'Sign up to choose',
    monthly: 'Monthly',
    yearly: 'Yearly',
    save: 'Save {{percent}}%',
    perMonth: '/ month',
    billedMonthly: 'Billed monthly',
    billedYearly: '{{price}} billed yearly',
    firstYear: 'First year {{price}} (extra 50% off), then {{full}} a year',
    paidOff: 'On the hosted Atelier cloud',
    offNote:
      'This instance does not sell plans. The paid plans above are offered on the hosted Atelier cloud; accounts on this instance have the full app without plan quotas.',
    annualNote:
      'Pay monthly or yearly. Yearly billing saves 20%, with an extra 50% off the first year; the price reverts from year two. Checkout is hosted by our card payment provider and accepts bank cards and popular wallets.',
    free: {
      name: 'Free',
      price: 'Free forever',
      desc: 'For trying Atelier on your own projects.',
      p1: '100 files in your library',
      p2: '5 T1 and 50 T2 model requests per day, reset daily',
      p3: 'Free-tier models',
      p4: 'Community support',
    },
    freeOff: {
      price: 'Free on this instance',
      desc: 'Your account here: the whole app, with no plan quotas.',
      p1: 'No file quota in your library',
      p2: 'No daily model request quota: use your own providers and keys',
      p3: 'Every model you add, of any tier',
      p4: 'Support from whoever runs this instance',
    },
    plus: {
      name: 'Plus',
      price: 'Monthly or yearly',
      desc: 'For regular personal use.',
      p1: 'A larger library and vector storage',
      p2: 'More T1 and T2 requests every day',
      p3: 'Higher advanced-parsing page limits',
      p4: 'Priority email support',
    },
    pro: {
      name: 'Pro',
      price: 'Monthly or yearly',
      desc: 'For people who research and write every day.',
      p1: 'Generous library and vector storage',
      p2: 'High daily T1 and T2 quotas',
      p3: 'Larger uploads and more parsed pages',
      p4: 'Priority email support',
    },
    max: {
      name: 'Max',
      price: 'Monthly or yearly',
      desc: 'For the heaviest workloads (Ultra goes further still).',
      p1: 'The largest storage quotas',
      p2: 'The highest model request quotas',
      p3: 'The largest upload and parsing limits',
      p4: 'Group support',
    },
    community: {
      name: 'Community edition',
      body: 'Self-host Atelier for free under the MIT licence: one command, your models, your data on your own machine.',
    },
    enterprise: {
      name: 'Enterprise',
      body: 'Private deployment inside your organisation with a commercial licence, scaled out on PostgreSQL, Redis and S3.',
    },
  },
  faq: {
    eyebrow: 'FAQ',
    title: 'Questions, answered',
    what: {
      q: 'What is Atelier?',
      a: 'Atelier is an AI-native workspace built around a free-form canvas. You collect sources into a library, arrange them on canvases, ask AI with the context you pick, and turn the results into documents and code artifacts you can export.',
    },
    models: {
      q: 'Which AI models can I use?',
      a: 'Any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM, LM Studio, OpenRouter, DeepSeek and more), Anthropic and others. You add providers and models in Settings; Ollama running on the same machine is detected automatically.',
    },
    library: {
      q: 'What can I put in my library?',
      a: 'Web links, pasted text, uploaded files and images (14+ formats including PDF and Word), and pages clipped with the browser extension. Each resource is parsed and indexed so it can be searched by you and by the AI.',
    },
    selfHost: {
      q: 'Can I host Atelier myself?',
      a: 'Yes. The community edition is open source and starts with a single command, including an embedded PostgreSQL database. Private deployment inside an enterprise needs a commercial licence.',
    },
    data: {
      q: 'Where is my data stored?',
      a: 'On the Atelier cloud, data is stored in the United States. On a self-hosted instance it stays wherever that server and its storage run.',
    },
    payment: {
      q: 'How do payments work?',
      a: 'Checkout is hosted by our card payment provider and accepts bank cards and several wallet methods. We never see or store your card number.',
    },
    cancel: {
      q: 'How do I cancel my subscription?',
      a: 'Go to Settings > Subscription > Manage billing and cancel there; your plan stays active until the end of the paid period. Payments are not refunded.',
    },
    free: {
      q: 'What does the free plan include?',
      a: 'The whole product with a library of up to 100 files and, every day, 5 requests to T1 models and 50 requests to T2 models. The counts reset daily.',
    },
    freeOff: {
      a: 'Everything, without quotas: plans and their quotas apply on the hosted Atelier cloud (its free plan has a library of up to 100 files and 5 T1 / 50 T2 model requests a day). On this instance your library and your model requests are limited only by the server and by your own model providers.',
    },
  },
  testimonials: {
    eyebrow: 'Testimonials',
    title: 'People who think on canvases',
    researcher: {
      quote:
        'Every paper for my thesis sits on one canvas. Asking about exactly the three papers I selected — and seeing where each sentence came from — changed how I write literature reviews.',
      name: 'Mei L.',
      role: 'PhD candidate, computational biology',
    },
    writer: {
      quote:
        'My newsletter starts as a messy board of links and quotes. Atelier turns it into an outline and a first draft I actually want to edit.',
      name: 'Daniel K.',
      role: 'Newsletter writer',
    },
    studio: {
      quote:
        'We run Atelier on a small office server with our own Ollama models. Nothing leaves the building, and setting it up was one command.',
      name: 'Priya S.',
      role: 'Research lead at a design studio',
    },
    designer: {
      quote:
        'The flowcharts and mind maps come out as real artifacts I can tweak and export, not screenshots I have to redraw.',
      name: 'Tomás R.',
      role: 'Product designer',
    },
  },
  footer: {
    tagline: 'The AI canvas for knowledge work.',
    product: 'Product',
    legal: 'Legal',
    copyright: '© {{year}} Atelier contributors · MIT',
    version: 'Version v{{version}}',
  },
};
