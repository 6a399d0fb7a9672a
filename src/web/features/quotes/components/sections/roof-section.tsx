import { buildingHeights, roofLayerOptions, roofSurfaceMaterials } from '@domain/quotes/options';
import { SelectField, YesNoField } from '../quote-fields';
import { FormSection } from './form-section';

export function RoofSection() {
  return (
    <FormSection title="Roof Details">
      <SelectField
        name="roofSurfaceMaterial"
        label="Roof Surface Material"
        required
        options={roofSurfaceMaterials}
        className="sm:col-span-2"
      />
      <YesNoField name="plywoodNeeded" label="Is plywood needed?" required className="sm:col-span-2" />
      <SelectField name="buildingHeight" label="Building Height" required options={buildingHeights} />
      <SelectField name="roofLayers" label="Number of Roof Layers" required options={roofLayerOptions} />
    </FormSection>
  );
}
