/** The hero's picture of a canvas: sources, an AI answer and a draft joined by edges. */
import { useTranslation } from 'react-i18next';
import { FileTextOutlined, LinkOutlined, NodeIndexOutlined, RobotOutlined } from '@ant-design/icons';

export function CanvasIllustration() {
  const { t } = useTranslation();
  return (
    <div className="canvas-art" aria-hidden="true">
      <svg className="canvas-art__edges" viewBox="0 0 100 100" preserveAspectRatio="none">
        <path d="M32 16 C 41 16, 41 30, 50 30" vectorEffect="non-scaling-stroke" />
        <path d="M32 62 C 41 62, 41 38, 50 38" vectorEffect="non-scaling-stroke" />
        <path d="M70 64 C 70 70, 74 70, 74 72" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="canvas-art__node canvas-art__node--a">
        <span className="canvas-art__tag">
          <FileTextOutlined /> {t('landing.hero.art.pdf')}
        </span>
        <strong>{t('landing.hero.art.pdfTitle')}</strong>
        <span className="canvas-art__line" />
        <span className="canvas-art__line canvas-art__line--short" />
      </div>
      <div className="canvas-art__node canvas-art__node--b">
        <span className="canvas-art__tag">
          <LinkOutlined /> {t('landing.hero.art.link')}
        </span>
        <strong>{t('landing.hero.art.linkTitle')}</strong>
        <span className="canvas-art__line" />
      </div>
      <div className="canvas-art__node canvas-art__node--ai">
        <span className="canvas-art__tag canvas-art__tag--ai">
          <RobotOutlined /> {t('landing.hero.art.ai')}
        </span>
        <strong>{t('landing.hero.art.aiTitle')}</strong>
        <span className="canvas-art__text">{t('landing.hero.art.aiText')}</span>
        <span className="canvas-art__line" />
        <span className="canvas-art__line canvas-art__line--short" />
      </div>
      <div className="canvas-art__node canvas-art__node--doc">
        <span className="canvas-art__tag">
          <NodeIndexOutlined /> {t('landing.hero.art.doc')}
        </span>
        <strong>{t('landing.hero.art.docTitle')}</strong>
      </div>
    </div>
  );
}
