/**
 * Whether an element is on screen (with a margin), from one IntersectionObserver shared by every
 * card: a card loads and draws its content only once it is seen, so a canvas of thousands of
 * nodes asks for and draws only the ones a person looks at.
 */
import { useEffect, useState, type RefObject } from 'react';

const watchers = new Map<Element, (visible: boolean) => void>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver | null {
  if (typeof IntersectionObserver === 'undefined') return null;
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) watchers.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: '200px' },
  );
  return observer;
}

export function useInView(ref: RefObject<Element | null>): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    const io = shared();
    if (!element || !io) {
      setVisible(true);
      return;
    }
    watchers.set(element, setVisible);
    io.observe(element);
    return () => {
      io.unobserve(element);
      watchers.delete(element);
    };
  }, [ref]);
  return visible;
}
