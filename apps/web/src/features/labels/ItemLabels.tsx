/** The labels on one item (canvas, document, resource…): shown as tags, added from a class's values, removed. */
import { Button, Dropdown, Tag } from 'antd';
import { TagOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { LabelEntityType } from '@atelier/contract';
import { useItemLabels, useLabelClasses, useLabelMutations } from './labelQueries';
import { useTranslation } from 'react-i18next';

export function ItemLabels({ entityType, entityId }: { entityType: LabelEntityType; entityId: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'labels' });
  const navigate = useNavigate();
  const classes = useLabelClasses();
  const labels = useItemLabels(entityType, entityId);
  const { addLabel, removeLabel } = useLabelMutations();
  const classOf = (id: string) => classes.data?.find((c) => c.labelClassId === id);
  const has = (labelClassId: string, value: string) =>
    labels.data?.some((l) => l.labelClassId === labelClassId && l.value === value) ?? false;

  const items =
    classes.data && classes.data.length > 0
      ? classes.data.map((cls) => ({
          key: cls.labelClassId,
          label: cls.displayName,
          children: cls.values.map((value) => ({
            key: `${cls.labelClassId}\u0000${value}`,
            label: <span data-testid={`label-option-${value}`}>{value}</span>,
            disabled: has(cls.labelClassId, value),
          })),
        }))
      : [{ key: 'manage', label: t('picker.none') }];

  return (
    <span className="item-labels" data-testid="item-labels" onClick={(e) => e.stopPropagation()}>
      {labels.data?.map((label) => (
        <Tag
          key={label.labelId}
          closable
          color="blue"
          data-testid="item-label"
          onClose={(e) => {
            e.preventDefault();
            removeLabel.mutate({ body: { labelId: label.labelId } });
          }}
        >
          {classOf(label.labelClassId)?.displayName ?? ''}: {label.value}
        </Tag>
      ))}
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if (key === 'manage') {
              void navigate('/labels');
              return;
            }
            const [labelClassId = '', value = ''] = key.split('\u0000');
            addLabel.mutate({ body: { labelClassId, value, entityType, entityId } });
          },
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<TagOutlined />}
          aria-label={t('picker.add')}
          data-testid="item-labels-add"
        />
      </Dropdown>
    </span>
  );
}
