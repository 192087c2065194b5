// Small stroke icons shared by components; always decorative (the control carries the name).

interface IconProps {
  size?: number;
  className?: string;
}

function StrokeIcon({ d, size = 20, className }: IconProps & { d: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const ChevronDownIcon = (props: IconProps) => <StrokeIcon d="M6 9l6 6 6-6" {...props} />;
export const ChevronUpIcon = (props: IconProps) => <StrokeIcon d="M6 15l6-6 6 6" {...props} />;
export const CloseIcon = (props: IconProps) => <StrokeIcon d="M6 6l12 12M18 6L6 18" {...props} />;
export const CheckIcon = (props: IconProps) => <StrokeIcon d="M5 12.5l4.5 4.5L19 7.5" {...props} />;
export const AlertIcon = (props: IconProps) => <StrokeIcon d="M12 6v7.5M12 18v.01" {...props} />;
export const PlusIcon = (props: IconProps) => <StrokeIcon d="M12 5v14M5 12h14" {...props} />;
