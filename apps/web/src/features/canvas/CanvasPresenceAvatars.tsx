/** Who else has this canvas open: a small avatar stack in the canvas header, names on hover. */
import { Avatar, Tooltip } from 'antd';
import { distinctUsers } from './canvasPresence';
import { useCanvasT } from './useCanvasT';
import { useCanvasPeers, type CanvasAwareness } from './useCanvasPresence';

export function CanvasPresenceAvatars({ awareness }: { awareness: CanvasAwareness | null }) {
  const ct = useCanvasT();
  const users = distinctUsers(useCanvasPeers(awareness));
  if (users.length === 0) return null;
  const names = users.map((u) => u.name).join(ct('presence.separator'));
  return (
    <span
      className="canvas-presence-avatars"
      role="group"
      aria-label={ct('presence.here', { names })}
      data-testid="canvas-presence-avatars"
    >
      <Avatar.Group size="small" max={{ count: 4 }}>
        {users.map((user) => (
          <Tooltip key={`${user.name}:${user.color}`} title={ct('presence.onCanvas', { name: user.name })}>
            <Avatar size="small" style={{ backgroundColor: user.color }}>
              {Array.from(user.name)[0]?.toUpperCase()}
            </Avatar>
          </Tooltip>
        ))}
      </Avatar.Group>
    </span>
  );
}
