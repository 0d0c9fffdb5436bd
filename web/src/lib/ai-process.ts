import { useEffect, useRef, useState } from 'react';
import { aiProcessLog } from './local-log.ts';

export interface AiProgress {
  percent: number;
  status: string;
  content: string;
}

/**
 * The command API's `/ws/ai-process` (spec 01 §4 'AI process', §7): requests sent with `X-AI-Process: <id>`
 * report their progress on this socket (10 processing, 70 analyzing, 90 saving, 100 complete). One process at a
 * time; the final 'response' message, an error or a closed socket ends it.
 */
export const useAiProcess = () => {
  const [clientId] = useState(() => crypto.randomUUID());
  const [progress, setProgress] = useState<AiProgress | null>(null);
  const socket = useRef<WebSocket | null>(null);

  useEffect(() => {
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${window.location.host}/ws/ai-process?client=${clientId}`);
    socket.current = ws;
    ws.onmessage = (message) => {
      const parsed = JSON.parse(String(message.data)) as {
        type: string;
        data?: { type?: string; content?: string; status?: string; progress?: number };
      };
      if (parsed.type !== 'ai_process_update' || !parsed.data) return;
      aiProcessLog.write(parsed.data);
      const { status = '', content = '', progress: percent } = parsed.data;
      setProgress((current) => ({ percent: percent ?? current?.percent ?? 0, status, content }));
    };
    ws.onerror = () => setProgress(null);
    return () => ws.close();
  }, [clientId]);

  return {
    /** The header that ties an AI request to this socket. */
    headers: { 'X-AI-Process': clientId },
    progress,
    reset: () => setProgress(null),
  };
};
