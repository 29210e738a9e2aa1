/** The signed-out front page (spec section 2): hero, workflow, features, pricing, FAQ, testimonials, footer. */
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { HeroSection } from './HeroSection';
import { LandingFooter } from './LandingFooter';
import { LandingNav } from './LandingNav';
import { PricingSection } from './PricingSection';
import { TestimonialsSection } from './TestimonialsSection';
import { WorkflowSection } from './WorkflowSection';
import './landing.css';
import './landingSections.css';

export function LandingPage() {
  return (
    <div className="landing" data-testid="landing-page">
      <LandingNav />
      <main>
        <HeroSection />
        <WorkflowSection />
        <FeaturesSection />
        <PricingSection />
        <FaqSection />
        <TestimonialsSection />
      </main>
      <LandingFooter />
    </div>
  );
}
