/** Eyebrow, title and lead paragraph shared by the landing sections. */
export function SectionHeading({ eyebrow, title, lead }: { eyebrow: string; title: string; lead?: string }) {
  return (
    <div className="landing-section__head">
      <span className="landing-section__eyebrow">{eyebrow}</span>
      <h2 className="landing-section__title">{title}</h2>
      {lead ? <p className="landing-section__lead">{lead}</p> : null}
    </div>
  );
}
