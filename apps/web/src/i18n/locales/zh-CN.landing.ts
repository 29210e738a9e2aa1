/** 首页（落地页）的简体中文文案。 */
import type { Translations } from './en';

export const zhLanding: Translations['landing'] = {
  nav: {
    workflow: '工作方式',
    features: '功能',
    pricing: '价格',
    faq: '常见问题',
    getStarted: '开始使用',
  },
  hero: {
    badge: 'v{{version}} · 开源 · 可自托管',
    title: '在画布上思考，与 AI 一起创作。',
    subtitle:
      'Atelier 是面向创作者、研究者和写作者的 AI 画布工作区。收集资料，用你挑选的上下文向 AI 提问，再把回答变成文档、代码组件和可导出的成果——使用我们的云服务，或部署在你自己的服务器上。',
    primary: '免费开始',
    secondary: '登录',
    note: '免费版：100 个知识库文件，每天 5 次 T1 和 50 次 T2 模型请求。无需绑定银行卡。',
    noteOff: '本实例的账户可使用完整功能，没有套餐配额。无需绑定银行卡。',
    art: {
      pdf: '资源 · PDF',
      pdfTitle: 'Attention Is All You Need',
      link: '资源 · 网页链接',
      linkTitle: '图解 Transformer',
      ai: 'AI 回答',
      aiTitle: '核心观点对比',
      aiText: '两份资料都认为自注意力取代了循环结构；论文还提出了多头注意力和位置编码……',
      doc: '文档',
      docTitle: '文献综述——第 2 稿',
    },
  },
  workflow: {
    eyebrow: '工作方式',
    title: '从零散资料到完整作品',
    lead: 'Atelier 把整个过程放在同一张画布上，你总能看到一个想法从哪里来、到哪里去。',
    collect: {
      title: '收集',
      body: '导入网页链接、PDF、文档、图片、粘贴的文本和浏览器插件剪藏的内容。Atelier 会解析并索引，方便检索。',
    },
    connect: {
      title: '连接',
      body: '把资料、笔记和想法铺在自由画布上，把相关的内容分组，并画出它们之间的联系。',
    },
    ask: {
      title: '提问',
      body: '选中相关节点向 AI 提问。每个回答都会带着来源出现在画布上，可以在独立的对话中继续追问。',
    },
    create: {
      title: '创作与分享',
      body: '把回答变成文档、代码组件和思维导图，用只读链接分享，把画布发布为模板，并把文档导出为 Markdown、DOCX、PDF。',
    },
  },
  features: {
    eyebrow: '功能',
    title: '知识工作所需的一切，尽在一个工作区',
    lead: '为大量阅读、善于联想、认真写作的人而打造。',
    canvas: {
      title: '自由画布',
      body: '文档、资源、代码组件、便签、AI 回答和分组都在同一块画板上。鼠标和触控板都好用。',
    },
    threads: {
      title: '多线程 AI 对话',
      body: '同时进行多个对话，每个都有自己的上下文记忆，任何回答都可以换一个模型重新生成。',
    },
    library: {
      title: '可检索的知识库',
      body: '资源、文档、画布、项目和对话集中管理，支持全文检索和语义检索，AI 也能使用。',
    },
    skills: {
      title: '技能与触发器',
      body: '内置网络搜索、知识库搜索、写作和代码等技能，也可以创建自己的技能，定时运行或在资源就绪时触发。',
    },
    models: {
      title: '接入任意模型',
      body: '支持 OpenAI 兼容接口、Anthropic、OpenRouter、DeepSeek，以及你本机上的 Ollama。不需要模型的功能在没有模型时也能使用。',
    },
    collab: {
      title: '实时多人协作',
      body: '文档和画布边写边保存，并在多个标签页和多人之间实时同步。离线修改会在重新连接后自动合并。',
    },
    formats: {
      title: '开放格式',
      body: '以 JSON Canvas 格式导入导出画布，把文档导出为 Markdown、DOCX 或 PDF，并通过 OpenAPI 描述实现自动化。',
    },
    selfHost: {
      title: '运行在你的服务器上',
      body: '一条命令即可启动全部服务，内置 PostgreSQL。之后可以借助 PostgreSQL、Redis 和 S3 兼容存储扩展。',
    },
  },
  stats: {
    formats: { value: '14+', label: '种文件和图片格式' },
    models: { value: '13+', label: '个开箱即用的模型' },
    skills: { value: '10', label: '个内置 AI 技能' },
  },
  pricing: {
    eyebrow: '价格',
    title: '免费开始，需要时再升级',
    lead: '每个套餐都包含完整的画布、知识库和全部技能。付费套餐提供更高的额度和支持服务。',
    popular: '最受欢迎',
    ctaFree: '免费开始',
    ctaPaid: '注册后选择',
    monthly: '按月',
    yearly: '按年',
    save: '节省 {{percent}}%',
    perMonth: '/ 月',
    billedMonthly: '按月计费',
    billedYearly: '按年计费 {{price}}',
    firstYear: '首年 {{price}}（再享五折），之后每年 {{full}}',
    paidOff: '在 Atelier 云服务上提供',
    offNote:
      '本实例不销售套餐。以上付费套餐由托管的 Atelier 云服务提供；本实例的账户可使用全部功能，不受套餐额度限制。',
    annualNote:
      '可按月或按年付费。按年付费可节省 20%，首年再享五折优惠，第二年起恢复原价。结账由我们的银行卡支付服务商托管，支持银行卡和多种常用钱包。',
    free: {
      name: '免费版',
      price: '永久免费',
      desc: '适合在自己的项目中试用 Atelier。',
      p1: '知识库可存 100 个文件',
      p2: '每天 5 次 T1 和 50 次 T2 模型请求，每日重置',
      p3: '免费档模型',
      p4: '社区支持',
    },
    freeOff: {
      price: '在本实例上免费',
      desc: '你在这里的账户：完整功能，没有套餐额度。',
      p1: '知识库不限文件数',
      p2: '不限每日模型请求次数：使用你自己的模型提供方和密钥',
      p3: '你添加的任何模型，不分档位',
      p4: '由本实例的管理者提供支持',
    },
    plus: {
      name: 'Plus',
      price: '按月或按年',
      desc: '适合日常个人使用。',
      p1: '更大的知识库和向量存储',
      p2: '每天更多的 T1 和 T2 请求',
      p3: '更高的高级解析页数上限',
      p4: '优先邮件支持',
    },
    pro: {
      name: 'Pro',
      price: '按月或按年',
      desc: '适合每天都在研究和写作的人。',
      p1: '充足的知识库和向量存储',
      p2: '较高的每日 T1 和 T2 额度',
      p3: '更大的上传文件和更多解析页数',
      p4: '优先邮件支持',
    },
    max: {
      name: 'Max',
      price: '按月或按年',
      desc: '适合最繁重的工作负载（Ultra 提供更多）。',
      p1: '最大的存储额度',
      p2: '最高的模型请求额度',
      p3: '最大的上传和解析上限',
      p4: '专属群支持',
    },
    community: {
      name: '社区版',
      body: '在 MIT 许可下免费自托管 Atelier：一条命令，使用你的模型，数据保存在你自己的机器上。',
    },
    enterprise: {
      name: '企业版',
      body: '在你的组织内部进行私有化部署，需要商业许可，可基于 PostgreSQL、Redis 和 S3 扩展。',
    },
  },
  faq: {
    eyebrow: '常见问题',
    title: '你可能想知道',
    what: {
      q: 'Atelier 是什么？',
      a: 'Atelier 是以自由画布为核心的 AI 原生工作区。你把资料收集到知识库，在画布上整理，用你选择的上下文向 AI 提问，再把结果变成可导出的文档和代码组件。',
    },
    models: {
      q: '可以使用哪些 AI 模型？',
      a: '任何 OpenAI 兼容接口（OpenAI、Ollama、vLLM、LM Studio、OpenRouter、DeepSeek 等）、Anthropic 以及其他服务商。在设置中添加服务商和模型即可；同一台机器上运行的 Ollama 会被自动检测到。',
    },
    library: {
      q: '知识库里可以放什么？',
      a: '网页链接、粘贴的文本、上传的文件和图片（支持 PDF、Word 等 14 种以上格式），以及用浏览器插件剪藏的网页。每个资源都会被解析和索引，你和 AI 都能检索。',
    },
    selfHost: {
      q: '可以自己部署 Atelier 吗？',
      a: '可以。社区版是开源的，一条命令即可启动，并内置 PostgreSQL 数据库。在企业内部进行私有化部署需要商业许可。',
    },
    data: {
      q: '我的数据存储在哪里？',
      a: '在 Atelier 云服务上，数据存储在美国。在自托管实例上，数据保存在该服务器及其存储所在的位置。',
    },
    payment: {
      q: '如何付款？',
      a: '结账由我们的银行卡支付服务商托管，支持银行卡和多种钱包。我们不会看到或保存你的卡号。',
    },
    cancel: {
      q: '如何取消订阅？',
      a: '前往 设置 > 订阅 > 管理账单 取消订阅；套餐在已付费周期结束前仍然有效。已支付的费用不予退款。',
    },
    free: {
      q: '免费版包含什么？',
      a: '完整的产品功能，知识库最多 100 个文件，并且每天可以向 T1 模型发送 5 次请求、向 T2 模型发送 50 次请求，次数每日重置。',
    },
    freeOff: {
      a: '全部功能，没有额度：套餐及其额度只适用于 Atelier 云服务（其免费版知识库最多 100 个文件，每天 5 次 T1、50 次 T2 模型请求）。在本实例上，知识库和模型请求只受服务器和你自己的模型提供方限制。',
    },
  },
  testimonials: {
    eyebrow: '用户评价',
    title: '在画布上思考的人们',
    researcher: {
      quote:
        '我论文用到的每篇文献都在同一张画布上。只针对我选中的那三篇论文提问，还能看到每句话出自哪里——这彻底改变了我写文献综述的方式。',
      name: 'Mei L.',
      role: '计算生物学博士生',
    },
    writer: {
      quote:
        '我的每期通讯都从一堆杂乱的链接和摘录开始。Atelier 能把它们整理成大纲和一份我真正愿意修改的初稿。',
      name: 'Daniel K.',
      role: '独立通讯作者',
    },
    studio: {
      quote:
        '我们在办公室的一台小服务器上运行 Atelier，配合自己的 Ollama 模型。数据不出门，部署只用了一条命令。',
      name: 'Priya S.',
      role: '设计工作室研究负责人',
    },
    designer: {
      quote: '流程图和思维导图都是可以修改和导出的真实组件，而不是需要重画的截图。',
      name: 'Tomás R.',
      role: '产品设计师',
    },
  },
  footer: {
    tagline: '面向知识工作的 AI 画布。',
    product: '产品',
    legal: '法律',
    copyright: '© {{year}} Atelier 贡献者 · MIT',
    version: '版本 v{{version}}',
  },
};
