/** English texts of the privacy policy and terms of service, loaded with those pages. Paragraphs split on \n. */
export const enLegalDocs = {
  updated: 'Last updated for version 0.6',
  privacy: {
    intro:
      'This policy explains what an Atelier instance stores about you, why, and what you can do about it. Atelier can be self-hosted: on an instance run by your organisation, that operator decides how your data is handled; on the Atelier cloud, we do.',
    scope: {
      title: 'Scope',
      body: 'The policy covers the Atelier web app, its API and the browser extension when they talk to this instance. Links you open from Atelier lead to sites with their own policies.',
    },
    collect: {
      title: 'What we collect',
      body: 'Account data: your email address, username, display name, avatar and a salted hash of your password (never the password itself). If you sign in with GitHub or Google we receive your email and public profile from them.\nYour content: canvases, documents, resources, uploaded files, threads, skills, templates and pages you create.\nUsage data: counts of model requests, storage use and parsed pages, needed to apply your plan’s quotas.\nTechnical data: error reports and trace IDs that help us fix problems.',
    },
    use: {
      title: 'How we use it',
      body: 'To run the service you asked for: storing and syncing your work, parsing and indexing your library so it can be searched, running the AI skills you start, sending verification codes, enforcing quotas and answering support requests. We do not sell your data and do not use your content to train models.',
    },
    models: {
      title: 'AI model providers',
      body: 'When you run a skill, your question and the context you selected are sent to the model provider configured for the instance or by you. That provider processes them under its own terms. Provider API keys are kept on the server and are never sent back to the browser.',
    },
    cookies: {
      title: 'Cookies and browser storage',
      body: 'Atelier uses httpOnly session cookies to keep you signed in and a readable cookie that only tells the app you are signed in. The browser also keeps your language and theme preferences and some caches. There are no advertising trackers. Signing out clears this browser data.',
    },
    location: {
      title: 'Where data is stored',
      body: 'Data on the Atelier cloud is stored in the United States. A self-hosted instance stores data wherever its operator runs the server, database and file storage.',
    },
    sharing: {
      title: 'Sharing',
      body: 'Your content is private until you share it. A shared link is view-only for anyone who holds it, and you can turn it off at any time. Payments are handled by our card payment provider; we never receive your full card number.',
    },
    retention: {
      title: 'Retention',
      body: 'We keep your data while your account exists. Deleted items are removed from search at once and from backups within their rotation period. Logs with trace IDs are kept for a limited time for troubleshooting.',
    },
    rights: {
      title: 'Your choices and rights',
      body: 'You can export your work at any time (Markdown, DOCX, PDF, JSON Canvas), correct your profile in Settings > Account, and ask the operator of your instance to delete your account and its data.',
    },
  },
  terms: {
    intro:
      'These terms apply when you use Atelier. On a self-hosted instance, its operator may add their own terms. By creating an account you accept them.',
    acceptance: {
      title: 'Using Atelier',
      body: 'You must be old enough to agree to these terms where you live. If you use Atelier for an organisation, you accept them on its behalf.',
    },
    account: {
      title: 'Your account',
      body: 'Keep your password and verification codes to yourself and tell us about any unauthorised use. One account is for one person. Use an email address you can receive codes at.',
    },
    content: {
      title: 'Your content',
      body: 'You own what you create and upload. You let us store, index, display and process it — including sending it to the model providers you choose — only as needed to run the service for you.',
    },
    use: {
      title: 'Acceptable use',
      body: 'Do not upload content you have no right to, do not use Atelier to break the law or harm others, do not try to break into or overload the service, and do not get around quotas with automation or multiple accounts.',
    },
    ai: {
      title: 'AI output',
      body: 'AI answers can be incomplete or wrong. Check them before you rely on them, and take responsibility for what you publish. Citations show where an answer came from; they do not guarantee it is correct.',
    },
    plans: {
      title: 'Plans and payments',
      body: 'The free plan includes 100 library files and, every day, 5 T1 and 50 T2 model requests. Paid plans are billed monthly or yearly through hosted checkout; yearly billing saves 20%.\nYou can cancel in Settings > Subscription > Manage billing; the plan runs until the end of the paid period. Payments are not refunded.',
    },
    sharing: {
      title: 'Sharing',
      body: 'Shared links are view-only for anyone who has them. Only share what you are allowed to share, and turn sharing off when it is no longer needed.',
    },
    licence: {
      title: 'Licence',
      body: 'The community edition of Atelier is open source under the Apache-2.0 licence. Private deployment inside an enterprise requires a commercial licence.',
    },
    availability: {
      title: 'Availability and maintenance',
      body: 'We work to keep Atelier available but cannot promise it never fails. Planned maintenance is announced in the app in advance, usually from 21:00 to 23:00 Beijing time. The service is provided as is, without warranties beyond those the law requires.',
    },
    changes: {
      title: 'Changes',
      body: 'We may update these terms; important changes are announced in the app before they take effect. If you keep using Atelier after that, the new terms apply.',
    },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };
export type LegalDocs = DeepStrings<typeof enLegalDocs>;
