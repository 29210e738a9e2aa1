/**
 * Usage drawn with recharts (loaded lazily with the subscription tab, never before sign-in):
 * model requests today by tier, library files and storage bytes, and pages parsed today, each
 * as a bar of used against its quota. An unlimited quota (-1) draws the used amount alone and
 * says "unlimited".
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { theme } from 'antd';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Usage } from '@atelier/contract';
import { barPercent, formatBytes } from './pricing';

export interface MeterRow {
  key: string;
  label: string;
  used: number;
  quota: number;
  /** How a value reads (bytes as sizes). */
  format: (n: number) => string;
}

/** The meters of a usage answer as chart rows, counts in `locale`'s digits (tested in pricing.test.ts). */
export function meterRows(usage: Usage, t: TFunction, locale = 'en'): MeterRow[][] {
  const numbers = new Intl.NumberFormat(locale);
  const count = (n: number) => numbers.format(n);
  const bytes = (n: number) => formatBytes(n);
  return [
    [
      {
        key: 't1',
        label: t('subscription.usage.t1'),
        used: usage.token.t1CountUsed,
        quota: usage.token.t1CountQuota,
        format: count,
      },
      {
        key: 't2',
        label: t('subscription.usage.t2'),
        used: usage.token.t2CountUsed,
        quota: usage.token.t2CountQuota,
        format: count,
      },
    ],
    [
      {
        key: 'files',
        label: t('subscription.usage.files'),
        used: usage.storage.fileCountUsed,
        quota: usage.storage.fileCountQuota,
        format: count,
      },
    ],
    [
      {
        key: 'object',
        label: t('subscription.usage.objectStorage'),
        used: Number(usage.storage.objectStorageUsed),
        quota: Number(usage.storage.objectStorageQuota),
        format: bytes,
      },
      {
        key: 'vector',
        label: t('subscription.usage.vectorStorage'),
        used: Number(usage.storage.vectorStorageUsed),
        quota: Number(usage.storage.vectorStorageQuota),
        format: bytes,
      },
    ],
    [
      {
        key: 'pages',
        label: t('subscription.usage.pages'),
        used: usage.fileParsing.pagesParsed,
        quota: usage.fileParsing.pagesLimit,
        format: count,
      },
    ],
  ];
}

function MeterChart({ title, rows }: { title: string; rows: MeterRow[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const data = rows.map((r) => {
    const used = barPercent(r.used, r.quota);
    return {
      label: r.label,
      used,
      rest: 100 - used,
      text:
        r.quota < 0
          ? t('subscription.usage.usedUnlimited', { used: r.format(r.used) })
          : t('subscription.usage.usedOf', { used: r.format(r.used), quota: r.format(r.quota) }),
    };
  });
  return (
    <div className="usage-chart" data-testid="usage-chart">
      <div className="usage-chart__title">{title}</div>
      <ResponsiveContainer width="100%" height={rows.length * 44 + 16}>
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 8, bottom: 4, left: 8 }}
          barSize={16}
        >
          <XAxis type="number" domain={[0, 100]} hide />
          <YAxis
            type="category"
            dataKey="label"
            width={104}
            tick={{ fill: token.colorTextSecondary, fontSize: 12 }}
            axisLine={false}
            tickLine={false}
          />
          <Tooltip
            cursor={false}
            contentStyle={{
              background: token.colorBgElevated,
              borderColor: token.colorBorder,
              color: token.colorText,
            }}
            formatter={(_v, name, item) =>
              name === 'used' ? [(item.payload as { text: string }).text, ''] : null
            }
          />
          <Bar
            dataKey="used"
            stackId="m"
            fill={token.colorPrimary}
            isAnimationActive={false}
            radius={[4, 0, 0, 4]}
          />
          <Bar
            dataKey="rest"
            stackId="m"
            fill={token.colorFillSecondary}
            isAnimationActive={false}
            radius={[0, 4, 4, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
      <ul className="usage-chart__legend">
        {data.map((d, i) => (
          <li key={rows[i]!.key} data-testid={`usage-${rows[i]!.key}`}>
            <span>{d.label}</span> <span>{d.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function UsageCharts({ usage }: { usage: Usage }) {
  const { t, i18n } = useTranslation();
  const [tokens, files, storage, pages] = meterRows(usage, t, i18n.language);
  return (
    <div className="usage-charts" data-testid="usage-charts">
      <MeterChart title={t('subscription.usage.tokensTitle')} rows={tokens!} />
      <MeterChart title={t('subscription.usage.filesTitle')} rows={files!} />
      <MeterChart title={t('subscription.usage.storageTitle')} rows={storage!} />
      <MeterChart title={t('subscription.usage.pagesTitle')} rows={pages!} />
    </div>
  );
}
