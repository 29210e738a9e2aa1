/**
 * The other people on the canvas, drawn in the flow's own coordinates (React Flow's viewport
 * portal, so they follow pan and zoom): a named cursor where each one's pointer is, and a
 * coloured outline with their names on the nodes they have selected. Cursors and labels keep
 * their screen size at any zoom. Nothing here takes the pointer.
 */
import { useMemo, type CSSProperties } from 'react';
import { useInternalNode, useStore, ViewportPortal } from '@xyflow/react';
import { selectionsByNode, type CanvasPeer } from './canvasPresence';
import { useCanvasPeers, type CanvasAwareness } from './useCanvasPresence';
import './canvasPresence.css';

type PresenceStyle = CSSProperties & { '--presence-color'?: string; '--presence-scale'?: number };

function RemoteSelection({ nodeId, peers }: { nodeId: string; peers: CanvasPeer[] }) {
  const node = useInternalNode(nodeId);
  if (!node || node.hidden || !peers[0]) return null;
  const { x, y } = node.internals.positionAbsolute;
  const style: PresenceStyle = {
    transform: `translate(${x}px, ${y}px)`,
    width: node.measured.width ?? node.width ?? 0,
    height: node.measured.height ?? node.height ?? 0,
    '--presence-color': peers[0].user.color,
  };
  return (
    <div
      className="canvas-presence__selection"
      style={style}
      data-testid="canvas-presence-selection"
      data-node-id={nodeId}
    >
      <div className="canvas-presence__tags">
        {peers.map((peer) => (
          <span
            key={peer.clientId}
            className="canvas-presence__tag"
            style={{ '--presence-color': peer.user.color } as PresenceStyle}
          >
            {peer.user.name}
          </span>
        ))}
      </div>
    </div>
  );
}

function RemoteCursor({ peer }: { peer: CanvasPeer }) {
  if (!peer.pointer) return null;
  const style: PresenceStyle = {
    transform: `translate(${peer.pointer.x}px, ${peer.pointer.y}px) scale(var(--presence-scale))`,
    '--presence-color': peer.user.color,
  };
  return (
    <div className="canvas-presence__cursor" style={style} data-testid="canvas-presence-cursor">
      <svg className="canvas-presence__arrow" width="18" height="22" viewBox="0 0 18 22" aria-hidden>
        <path d="M1.5 1.5 L1.5 18 L6 13.8 L9.2 20.5 L12 19.2 L8.9 12.6 L15 12.6 Z" />
      </svg>
      <span className="canvas-presence__name">{peer.user.name}</span>
    </div>
  );
}

export function CanvasPresenceLayer({ awareness }: { awareness: CanvasAwareness | null }) {
  const peers = useCanvasPeers(awareness);
  const zoom = useStore((s) => s.transform[2]);
  const selections = useMemo(() => [...selectionsByNode(peers)], [peers]);
  if (peers.length === 0) return null;
  return (
    <ViewportPortal>
      <div
        className="canvas-presence"
        style={{ '--presence-scale': 1 / (zoom || 1) } as PresenceStyle}
        aria-hidden
      >
        {selections.map(([nodeId, who]) => (
          <RemoteSelection key={nodeId} nodeId={nodeId} peers={who} />
        ))}
        {peers.map((peer) => (
          <RemoteCursor key={peer.clientId} peer={peer} />
        ))}
      </div>
    </ViewportPortal>
  );
}
