import { useEffect, useState } from 'react';
import { openAiProcessSocket } from './ai-process-socket.ts';
import { aiProcessLog } from './local-log.ts';

export interface AiProgress {
  percent: number;
  status: string;
  content: string;
}

/**
 * The command API's `/ws/ai-process` (spec 01 §4 'AI process', §7): requests sent with `X-AI-Process: <id>`
 * report their progress on this socket (10 processing, 70 analyzing, 90 saving, 100 complete). One process at a
 * time; the final 'response' message, an error or a closed socket ends it. The socket is reopened under the same
 * id when it drops (ai-process-socket.ts).
 */
export const useAiProcess = () => {
  const [clientId] = useState(() => crypto.randomUUID());
  const [progress, setProgress] = useState<AiProgress | null>(null);
  // True until a socket the server had drops: a request sent before the first socket is registered names a window
  // nobody holds, and runs without progress as it always has.
  const [routable, setRoutable] = useState(true);

  useEffect(() => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = openAiProcessSocket({
      url: `${scheme}://${window.location.host}/ws/ai-process?client=${clientId}`,
      onUpdate: (data) => {
        aiProcessLog.write(data);
        const { status = '', content = '', progress: percent } = data;
        setProgress((current) => ({ percent: percent ?? current?.percent ?? 0, status, content }));
      },
      onReady: (open) => {
        setRoutable(open);
        // A request running when the socket dropped hears nothing more (the reopened socket takes the window
        // afresh): its stale step goes, and the screen shows it as running until its HTTP answer ends it.
        if (!open) setProgress(null);
      },
    });
    return () => socket.stop();
  }, [clientId]);

  return {
    /**
     * The header that ties an AI request to this socket; left off after a drop until the server has the reopened
     * socket: such a request runs without live progress, never refused for a window a dead replica still holds busy.
     */
    headers: routable ? { 'X-AI-Process': clientId } : ({} as Record<string, string>),
    progress,
    reset: () => setProgress(null),
  };
};
