/** A full-page message with an icon, a title, a line of detail and actions (light, no images). */
import type { ReactNode } from 'react';
import './statusPage.css';

export interface StatusPageProps {
  icon: ReactNode;
  title: string;
  detail?: string;
  actions?: ReactNode;
  tone?: 'warning' | 'error' | 'info';
}

export function StatusPage({ icon, title, detail, actions, tone = 'info' }: StatusPageProps) {
  return (
    <div className="center-page">
      <div className={`status-page status-page--${tone}`} role={tone === 'info' ? 'status' : 'alert'}>
        <div className="status-page__icon">{icon}</div>
        <h1 className="status-page__title">{title}</h1>
        {detail ? <p className="status-page__detail">{detail}</p> : null}
        {actions ? <div className="status-page__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
